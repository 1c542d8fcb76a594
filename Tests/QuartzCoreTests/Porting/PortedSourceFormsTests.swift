import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// Source forms that Apple-platform layer code uses and that compile here unchanged: names as
/// `CFString` (Apple's Core Foundation APIs take CFString), Darwin's `HUGE`, and a shape layer
/// subclass with its own designated initializer (which adds `init(layer:)`, the README's
/// porting table gives the line and the compiler's message).
@Suite("Ported source forms")
struct PortedSourceFormsTests {
    @Test func namesAsCFString() throws {
        let name = "Futura-Medium" as CFString
        let font = CTFontCreateWithName(name, 24, nil)
        #expect(CTFontGetSize(font) == 24)
        #expect(CTFontCopyPostScriptName(font) == CTFontCopyPostScriptName(CTFontCreateWithName("Futura-Medium", 24, nil)))
        let family: String = "Courier"
        let courier = CTFontCreateWithName(family as CFString, 10, nil)
        #expect(CTFontCopyPostScriptName(CTFontCreateWithName("Courier", 10, nil)) == CTFontCopyPostScriptName(courier))
        #expect(CGFont("Helvetica" as CFString)?.postScriptName == CGFont("Helvetica")?.postScriptName)
        #expect(CGColorSpace(name: CGColorSpace.sRGB as CFString)?.model == .rgb)

        let text = CATextLayer()
        text.font = "Courier" as CFString                                  // a font name, as on Apple
        text.string = "abc"
        text.fontSize = 10
        #expect((text.font as? String) == "Courier")
        let three = CTLineGetTypographicBounds(
            CTLineCreateWithAttributedString(NSAttributedString(string: "abc", attributes: [.font: courier])), nil, nil, nil)
        #expect(text.preferredFrameSize().width == CGFloat(three).rounded(.up))
        #expect((name as String) == "Futura-Medium")
    }

    @Test func darwinMathConstants() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.repeatCount = HUGE
        #expect(a.repeatCount == Float.greatestFiniteMagnitude && HUGE == MAXFLOAT)
        #expect(HUGE_VALF == .infinity && HUGE_VAL == .infinity)
    }

    /// A spinner's shape layer with its own initializer, as shipped code writes it, plus the one
    /// line this package needs (`required override init(layer:)`): its presentation copies are
    /// made through it and carry the subclass's fields.
    final class RingLayer: CAShapeLayer {
        let ringWidth: CGFloat
        init(ringWidth: CGFloat) {
            self.ringWidth = ringWidth
            super.init()
            lineWidth = ringWidth
        }
        required override init(layer: Any) {
            ringWidth = (layer as? RingLayer)?.ringWidth ?? 0
            super.init(layer: layer)
        }
        required init?(coder: NSCoder) { nil }
    }

    @Test func aShapeLayerSubclassWithItsOwnInitializer() throws {
        let root = makeRoot(40, 40)
        let ring = RingLayer(ringWidth: 4)
        root.addSublayer(ring)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40)))
        _ = r.frame(at: 0)
        let copy = try #require(r.host.withClock { ring.presentation() })
        #expect(type(of: copy) == RingLayer.self && copy.ringWidth == 4 && copy.lineWidth == 4)
    }
}
