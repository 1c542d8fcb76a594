import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("CAMLWriter animations")
struct CAMLWriterAnimationTests {
    /// `anim` on a fresh layer under `key`, written and read back; the animation read.
    func roundTrip(_ anim: CAAnimation, key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (CAAnimation, String) {
        let l = CALayer()
        l.add(anim, forKey: key)
        let (text, back) = try writeAndRead(l, sourceLocation: sourceLocation)
        let original = try #require(l.animation(forKey: key), sourceLocation: sourceLocation)
        let read = try #require(back.animation(forKey: key), sourceLocation: sourceLocation)
        #expect(animationDifferences(original, read, key) == [], sourceLocation: sourceLocation)
        #expect(back.animationKeys() == [key], sourceLocation: sourceLocation)
        return (read, text)
    }

    @Test("CABasicAnimation: point values, timing fields, infinite repeat, custom timing function")
    func basic() throws {
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: 1, y: 2)
        a.toValue = NSValue(point: CGPoint(x: 300.5, y: -4))
        a.byValue = CGPoint(x: 0.1, y: 0)
        a.beginTime = 1e-100
        a.duration = 1.75
        a.speed = 2
        a.timeOffset = 0.3
        a.repeatCount = .infinity
        a.autoreverses = true
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        a.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.3, 1)
        a.isAdditive = true
        a.isCumulative = true
        let (read, text) = try roundTrip(a, key: "position")
        #expect(text.contains("repeatCount=\"inf\""))
        #expect(text.contains("timingFunction=\"0.1 0.7 0.3 1\""))
        #expect((read as? CABasicAnimation)?.toValue as? CGPoint == CGPoint(x: 300.5, y: -4))
    }

    @Test("number values keep their kind: integer, real, Float and Bool")
    func numberKinds() throws {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = NSNumber(value: 3)
        a.toValue = Float(0.1)
        a.byValue = 0.25
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let (read, text) = try roundTrip(a, key: "fade")
        #expect(text.contains("<fromValue type=\"integer\" value=\"3\"/>"))
        #expect(text.contains("timingFunction=\"easeIn\""))
        #expect(text.contains(" key=\"fade\""))
        #expect(writerNumber((read as? CABasicAnimation)?.toValue) == Double(Float(0.1)))
        let h = CABasicAnimation(keyPath: "hidden")
        h.toValue = true
        let (hr, _) = try roundTrip(h, key: "hidden")
        #expect((hr as? CABasicAnimation)?.toValue as? Bool == true)
    }

    @Test("CAKeyframeAnimation: values, keyTimes, timingFunctions, calculationMode, rotationMode and path")
    func keyframe() throws {
        let k = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        k.values = [Double.pi / 2, 0, NSNumber(value: 1.1)]
        k.keyTimes = [0, 0.4, 1]
        k.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(controlPoints: 0.2, 0, 0.8, 1)]
        k.calculationMode = .cubicPaced
        k.duration = 1
        k.repeatDuration = 12.5
        let (_, text) = try roundTrip(k, key: "transform.rotation.z")
        #expect(!text.contains(" key="))
        #expect(text.contains("<real value=\"1.5707963267948966\"/>"))

        let p = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 200, y: 40), control1: CGPoint(x: 60, y: 90), control2: CGPoint(x: 150, y: -20))
        path.addLine(to: CGPoint(x: 0.5, y: 0.25))
        p.path = path
        p.rotationMode = .rotateAuto
        p.calculationMode = .paced
        let (read, _) = try roundTrip(p, key: "position")
        #expect((read as? CAKeyframeAnimation)?.path == path)
    }

    @Test("keyframe values of every typed kind: rects, sizes, colours, transforms, images, arrays")
    func typedValues() throws {
        let image = writerImage(2, 2) { x, y in (255, UInt8(x * 255), UInt8(y * 255), 255) }
        let k = CAKeyframeAnimation(keyPath: "contents")
        k.values = [image, NSNull()]
        _ = try roundTrip(k, key: "contents")
        let cases: [(String, [Any])] = [
            ("bounds", [CGRect(x: 0, y: 0, width: 10, height: 20), NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4))]),
            ("shadowOffset", [CGSize(width: 1, height: -1), NSValue(size: CGSize(width: 0.5, height: 2))]),
            ("backgroundColor", [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.25)]),
            ("transform", [CATransform3DMakeRotation(0.7, 0, 0, 1), NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))]),
            ("name", ["one", "two & <three>"]),
            ("custom", [[NSNumber(value: 1), CGPoint(x: 2, y: 3)], [Double](repeating: 0.5, count: 2)]),
        ]
        for (key, values) in cases {
            let a = CAKeyframeAnimation(keyPath: key)
            a.values = values
            _ = try roundTrip(a, key: key)
        }
    }

    @Test("CASpringAnimation: mass, stiffness, damping, velocity, overdamping")
    func spring() throws {
        let s = CASpringAnimation(keyPath: "position.x")
        s.mass = 2
        s.stiffness = 300
        s.damping = 50
        s.initialVelocity = -1.5
        s.allowsOverdamping = true
        s.duration = 0.8
        s.fillMode = .backwards
        s.fromValue = 10
        s.toValue = 302
        let (_, text) = try roundTrip(s, key: "position.x")
        #expect(text.contains("type=\"CASpringAnimation\""))
        #expect(text.contains("mass=\"2\" stiffness=\"300\" damping=\"50\" velocity=\"-1.5\""))
    }

    @Test("CAAnimationGroup with nested groups, and CATransition")
    func groups() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        let inner = CAAnimationGroup()
        let move = CABasicAnimation(keyPath: "position.y")
        move.toValue = 40
        inner.animations = [move]
        inner.duration = 0.5
        let g = CAAnimationGroup()
        g.animations = [fade, inner]
        g.duration = 2
        g.repeatCount = 3
        _ = try roundTrip(g, key: "group")
        let t = CATransition()
        t.type = .push
        t.subtype = .fromLeft
        t.duration = 0.3
        _ = try roundTrip(t, key: "transition")
    }

    @Test("several animations on one key path keep their keys and order")
    func keys() throws {
        let l = CALayer()
        for (i, key) in ["opacity", "opacity-2", "blink"].enumerated() {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = Double(i) / 4
            l.add(a, forKey: key)
        }
        let (_, back) = try writeAndRead(l)
        #expect(back.animationKeys() == ["opacity", "opacity-2", "blink"])
        #expect(layerDifferences(l, back, rootPosition: false) == [])
    }
}
