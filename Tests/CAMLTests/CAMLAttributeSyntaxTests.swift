import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("Attribute syntax")
struct CAMLAttributeSyntaxTests {
    private func close(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("numbers, inf and NaN")
    func numbers() {
        #expect(CAMLScalars.number("1.5") == 1.5)
        #expect(CAMLScalars.number(" -2e3 ") == -2000)
        #expect(CAMLScalars.number("1e-100") == 1e-100)
        #expect(CAMLScalars.number("inf") == .infinity)
        #expect(CAMLScalars.number("+infinity") == .infinity)
        #expect(CAMLScalars.number("-inf") == -.infinity)
        #expect(CAMLScalars.number("nan") == nil)
        #expect(CAMLScalars.number("12px") == nil)
        #expect(CAMLScalars.number("") == nil)
    }

    @Test("Booleans: 0/1, true/false, yes/no")
    func booleans() {
        #expect(CAMLScalars.bool("1") == true)
        #expect(CAMLScalars.bool("0") == false)
        #expect(CAMLScalars.bool("true") == true)
        #expect(CAMLScalars.bool("FALSE") == false)
        #expect(CAMLScalars.bool("YES") == true)
        #expect(CAMLScalars.bool("2") == nil)
    }

    @Test("points, sizes and rects; non-finite or absurd values refused")
    func geometry() {
        #expect(CAMLScalars.point("195 422") == CGPoint(x: 195, y: 422))
        #expect(CAMLScalars.point("1, 2") == CGPoint(x: 1, y: 2))
        #expect(CAMLScalars.size("390 844") == CGSize(width: 390, height: 844))
        #expect(CAMLScalars.rect("0 0 390 1.2142857142857792") == CGRect(x: 0, y: 0, width: 390, height: 1.2142857142857792))
        #expect(CAMLScalars.rect("0 0 1e30 1e30") == nil)
        #expect(CAMLScalars.rect("0 0 inf 10") == nil)
        #expect(CAMLScalars.point("1 2 3") == nil)
        #expect(CAMLScalars.point("nan 2") == nil)
    }

    @Test("colours: r g b, r g b a, #hex, opacity multiplies alpha")
    func colours() throws {
        #expect(try #require(CAMLScalars.color("1 0.251 0")).components == [1, 0.251, 0, 1])
        #expect(try #require(CAMLScalars.color("0 0 1 0.5")).components == [0, 0, 1, 0.5])
        #expect(try #require(CAMLScalars.color("1 1 1", opacity: 0.25)).components == [1, 1, 1, 0.25])
        #expect(try #require(CAMLScalars.color("#ff000080")).components == [1, 0, 0, CGFloat(128) / 255])
        #expect(try #require(CAMLScalars.color("2 -1 0")).components == [1, 0, 0, 1])
        #expect(CAMLScalars.color("1 0") == nil)
    }

    @Test("transform lists: rotate about z and an axis, scale, translate, matrix; rightmost first")
    func transforms() throws {
        #expect(close(try #require(CAMLTransformParser.parse("rotate(45deg)")), CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        #expect(close(try #require(CAMLTransformParser.parse("rotate(90deg, 0, 1, 0)")), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
        #expect(close(try #require(CAMLTransformParser.parse("rotate(0deg) rotate(0deg, 0, 1, 0)")), CATransform3DIdentity))
        #expect(close(try #require(CAMLTransformParser.parse("rotate(0.5rad)")), CATransform3DMakeRotation(0.5, 0, 0, 1)))
        #expect(close(try #require(CAMLTransformParser.parse("scale(2, 3, 4)")), CATransform3DMakeScale(2, 3, 4)))
        #expect(close(try #require(CAMLTransformParser.parse("scale(2)")), CATransform3DMakeScale(2, 2, 1)))
        #expect(close(try #require(CAMLTransformParser.parse("translate(10, 20)")), CATransform3DMakeTranslation(10, 20, 0)))
        #expect(close(try #require(CAMLTransformParser.parse("matrix(1, 0, 0, 1, 5, 6)")), CATransform3DMakeTranslation(5, 6, 0)))
        // translate(10, 0) rotate(90deg): rotate the point first, then move it.
        let t = try #require(CAMLTransformParser.parse("translate(10, 0) rotate(90deg)"))
        let p = (x: 1.0 * t.m11 + 0 * t.m21 + t.m41, y: 1.0 * t.m12 + 0 * t.m22 + t.m42)
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 1) < 1e-9)
        #expect(CAMLTransformParser.parse("rotate(45deg") == nil)
        #expect(CAMLTransformParser.parse("skew(3)") == nil)
        #expect(CAMLTransformParser.parse("scale(nan)") == nil)
    }

    @Test("@Nx scale in bundle names")
    func scaleInName() {
        #expect(CAMLScalars.scale(inName: "7400.WWDC_2022_Floating-390w-844h@3x~iphone.ca") == 3)
        #expect(CAMLScalars.scale(inName: "a@2x.caml") == 2)
        #expect(CAMLScalars.scale(inName: "plain.caml") == nil)
        #expect(CAMLScalars.scale(inName: "me@home.ca") == nil)
    }

    @Test("attributes land on the layer with the right values; key paths refine transform in any order")
    func layerAttributes() throws {
        let s = try scene(caml("""
          <CALayer transform.rotation.z="0.5" bounds="0 0 100 50" position="10 20" anchorPoint="0 1"
            opacity="0.5" hidden="false" masksToBounds="1" cornerRadius="4" zPosition="2"
            backgroundColor="1 0 0 0.5" borderWidth="3" transform="scale(2)" name="n" contentsGravity="resizeAspect">
            <borderColor value="0 0 1" opacity="0.5"/>
          </CALayer>
        """))
        let l = s.rootLayer
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(l.anchorPoint == CGPoint(x: 0, y: 1))
        #expect(l.position == CGPoint(x: 0, y: 50))   // placed at the document rectangle
        #expect(l.opacity == 0.5 && l.isHidden == false && l.masksToBounds && l.cornerRadius == 4 && l.zPosition == 2)
        #expect(l.backgroundColor?.components == [1, 0, 0, 0.5])
        #expect(l.borderColor?.components == [0, 0, 1, 0.5])
        #expect(l.borderWidth == 3 && l.name == "n" && l.contentsGravity == .resizeAspect)
        #expect(close(l.transform, CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeScale(2, 2, 1))))
        #expect(s.warnings.isEmpty)
    }

    @Test("typed values: real, integer, CGPoint, CGSize, CGRect, CGColor, NSArray, CAMediaTimingFunction, inf timing")
    func typedValues() throws {
        let s = try scene(caml("""
          <CALayer bounds="0 0 10 10"><animations>
            <animation type="CAKeyframeAnimation" keyPath="bounds" duration="2" repeatCount="inf" repeatDuration="inf"
                beginTime="1e-100" calculationMode="discrete" keyTimes="0 0.25 1" autoreverses="true" fillMode="both">
              <values><CGRect value="0 0 1 1"/><value type="CGRect" value="0 0 2 2"/><CGRect value="0 0 3 3"/></values>
              <timingFunctions><CAMediaTimingFunction name="easeIn"/><CAMediaTimingFunction controlPoints="0.1 0.2 0.3 0.4"/></timingFunctions>
            </animation>
            <animation type="CABasicAnimation" keyPath="position" key="move">
              <fromValue type="CGPoint" value="1 2"/><toValue><CGPoint value="3 4"/></toValue>
            </animation>
            <animation type="CABasicAnimation" keyPath="bounds.size" fromValue="1 2" toValue="3 4" repeatCount="2.5"/>
            <animation type="CAAnimationGroup" duration="3">
              <animations><animation type="CABasicAnimation" keyPath="opacity" fromValue="0" toValue="1"/></animations>
            </animation>
          </animations></CALayer>
        """))
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        let l = s.rootLayer
        let k = try #require(l.animation(forKey: "bounds") as? CAKeyframeAnimation)
        #expect(k.values?.compactMap { $0 as? CGRect }.map(\.width) == [1, 2, 3])
        #expect(k.keyTimes?.map(\.doubleValue) == [0, 0.25, 1])
        #expect(k.calculationMode == .discrete && k.autoreverses && k.fillMode == .both && k.duration == 2)
        #expect(k.repeatCount == .infinity && k.repeatDuration == 0 && k.beginTime == 1e-100)
        #expect(k.timingFunctions?.count == 2)
        #expect(k.timingFunctions?[0] == CAMediaTimingFunction(name: .easeIn))
        #expect(k.timingFunctions?[1] == CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4))
        let b = try #require(l.animation(forKey: "move") as? CABasicAnimation)
        #expect(b.fromValue as? CGPoint == CGPoint(x: 1, y: 2) && b.toValue as? CGPoint == CGPoint(x: 3, y: 4))
        let sz = try #require(l.animation(forKey: "bounds.size") as? CABasicAnimation)
        #expect(sz.fromValue as? CGSize == CGSize(width: 1, height: 2) && sz.repeatCount == 2.5)
        let g = try #require(l.animation(forKey: "animation") as? CAAnimationGroup)
        #expect(g.animations?.count == 1 && g.duration == 3)
        #expect((g.animations?.first as? CABasicAnimation)?.toValue as? NSNumber == 1)
        #expect(s.animationCount == 4)
    }

    @Test("contents from a data: URI are decoded")
    func dataURI() throws {
        // A 1×1 red PNG.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        let s = try scene(caml("<CALayer bounds=\"0 0 4 4\"><contents><CGImage src=\"data:image/png;base64,\(png)\"/></contents></CALayer>"))
        let img = try #require(s.rootLayer.contents as? CGImage)
        #expect(img.width == 1 && img.height == 1)
        #expect(s.warnings.isEmpty)
    }
}
