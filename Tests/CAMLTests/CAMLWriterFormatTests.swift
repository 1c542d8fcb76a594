import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("CAMLWriter formats")
struct CAMLWriterFormatTests {
    @Test("numbers: integers without .0, shortest round-trip decimals, inf, signed zero")
    func numbers() {
        #expect(CAMLFormat.number(195.0) == "195")
        #expect(CAMLFormat.number(-3.0) == "-3")
        #expect(CAMLFormat.number(0.1) == "0.1")
        #expect(CAMLFormat.number(Double.pi / 2) == "1.5707963267948966")
        #expect(CAMLFormat.number(1e-100) == "1e-100")
        #expect(CAMLFormat.number(Double.infinity) == "inf")
        #expect(CAMLFormat.number(-Double.infinity) == "-inf")
        #expect(CAMLFormat.number(-0.0) == "-0")
        #expect(CAMLFormat.number(Double.nan) == nil)
        #expect(CAMLFormat.number(Float(0.25)) == "0.25")
        #expect(CAMLFormat.number(Float(0.1)) == "0.1")
    }

    @Test("every written number reads back bit for bit (doubles and floats)")
    func numbersReadBack() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<2000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let d = Double(bitPattern: seed >> 2)           // finite, all magnitudes
            guard d.isFinite else { continue }
            let text = CAMLFormat.number(d)!
            #expect(CAMLScalars.number(text)?.bitPattern == d.bitPattern, "\(d) → \(text)")
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: seed >> 33) & 0x7F7F_FFFF)
            let ft = CAMLFormat.number(f)!
            #expect(CAMLScalars.number(ft).map(Float.init) == f, "\(f) → \(ft)")
        }
    }

    @Test("transforms: a short form when it is exact, else the 16 entries; all read back bit for bit")
    func transforms() throws {
        let t = CATransform3DMakeTranslation(10, -20.5, 3)
        #expect(CAMLFormat.transform(t) == "translate(10, -20.5, 3)")
        #expect(CAMLFormat.transform(CATransform3DMakeScale(2, 0.5, 1)) == "scale(2, 0.5, 1)")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let cases = [t, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeRotation(0.3, 1, 1, 0),
                     CATransform3DRotate(perspective, 1.1, 0, 1, 0),
                     CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: -0.0, c: 0.25, d: 1, tx: 5, ty: 6))]
        for m in cases {
            let text = try #require(CAMLFormat.transform(m))
            let back = try #require(CAMLTransformParser.parse(text))
            #expect(CAMLFormat.bits(back) == CAMLFormat.bits(m), "\(text)")
        }
        #expect(CAMLFormat.transform(CATransform3DMakeRotation(.pi / 4, 0, 0, 1))?.hasPrefix("matrix(") == true)
    }

    @Test("colours: sRGB as r g b [a]; gray converts to equal RGB")
    func colors() {
        #expect(CAMLFormat.color(CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)) == "1 0.5 0.25")
        #expect(CAMLFormat.color(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)) == "0 0 1 0.5")
        #expect(CAMLFormat.color(CGColor(gray: 0.5, alpha: 1)) == "0.5 0.5 0.5")
    }

    @Test("text with markup characters, quotes and line breaks reads back unchanged")
    func escaping() throws {
        let name = "a < b & \"c\" > 'd'\nline\ttab\r"
        #expect(CAMLXMLEscaping.attribute(name) == "a &lt; b &amp; \"c\" &gt; 'd'&#10;line&#9;tab&#13;"
                    .replacingOccurrences(of: "\"c\"", with: "&quot;c&quot;"))
        let layer = CALayer()
        layer.name = name
        let (_, root) = try writeAndRead(layer)
        #expect(root.name == name)
    }

    @Test("characters XML cannot hold become U+FFFD, with a warning")
    func controlCharacters() throws {
        let layer = CALayer()
        layer.name = "bell\u{7}"
        let writer = CAMLWriter()
        let text = try writer.string(for: layer)
        #expect(try scene(text).rootLayer.name == "bell\u{FFFD}")
        #expect(writer.warnings.count == 1)
        #expect(writer.warnings.first?.message.contains("U+FFFD") == true)
    }

    @Test("paths: M L Q C Z text reads back element for element")
    func paths() throws {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0.1, y: -2))
        p.addLine(to: CGPoint(x: 100, y: 0))
        p.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 150, y: 50))
        p.addCurve(to: CGPoint(x: 0, y: 0), control1: CGPoint(x: 50, y: 120), control2: CGPoint(x: 1e-3, y: 7))
        p.closeSubpath()
        let text = CAMLPathSyntax.text(p)
        #expect(text == "M 0.1 -2 L 100 0 Q 150 50 100 100 C 50 120 0.001 7 0 0 Z")
        #expect(CAMLPathSyntax.parse(text) == p)
        #expect(CAMLPathSyntax.parse("M 0 0 X 1") == nil)
        #expect(CAMLPathSyntax.parse("M 0") == nil)
    }

    @Test("the reader reads a keyframe path attribute, and warns about one it cannot read")
    func readerPaths() throws {
        let good = try scene(caml("""
          <CALayer bounds="0 0 10 10"><animations>
            <animation type="CAKeyframeAnimation" keyPath="position" duration="1" path="M 0 0 L 10 5 Z"/>
          </animations></CALayer>
        """))
        let k = try #require(good.rootLayer.animation(forKey: "position") as? CAKeyframeAnimation)
        let expected = CGMutablePath()
        expected.move(to: .zero)
        expected.addLine(to: CGPoint(x: 10, y: 5))
        expected.closeSubpath()
        #expect(k.path == expected)
        #expect(good.warnings.isEmpty)
        let bad = try scene(caml("""
          <CALayer bounds="0 0 10 10"><animations>
            <animation type="CAKeyframeAnimation" keyPath="position" duration="1" path="M 0 0 L 1e30 5"/>
          </animations></CALayer>
        """))
        #expect((bad.rootLayer.animation(forKey: "position") as? CAKeyframeAnimation)?.path == nil)
        #expect(bad.warnings.map(\.message) == ["path 'M 0 0 L 1e30 5' is not a path (M/L/Q/C/Z)"])
    }
}
