import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// The text material: CoreText lines drawn at its origin, ink inside the lines' ink box.
@Suite("Vector materials: text")
struct TextMaterialTests {
    typealias P = MaterialProbe

    /// `s` laid out by CoreText in one frame, as a text layer's block.
    func block(_ s: String, _ font: String, _ size: CGFloat) -> TextBlock {
        let source = NSAttributedString(string: s, attributes: [.font: CTFontCreateWithName(font, size, nil)])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(source), CFRange(),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 1000, height: 1000), transform: nil), nil)
        return TextBlock(frame.linesFromTop)
    }

    /// The box of pixels with any coverage; nil when nothing is drawn.
    func inkBox(_ f: PixelBuffer) -> CGRect? {
        var box = CGRect.null
        for y in 0..<f.height { for x in 0..<f.width where f.pixel(x: x, y: y).a > 0 {
            box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
        } }
        return box.isNull ? nil : box
    }

    @Test(arguments: BackendKind.allCases) func aGlyphRunsInkLiesInsideItsExpectedBox(_ backend: BackendKind) throws {
        let layout = block("Hxg", "DejaVu Sans", 30)
        let m = TextMaterial(block: layout, color: P.black, origin: CGPoint(x: 20, y: 15))
        let f = try P.draw(backend, [try #require(TextMaterial.quad(m))], width: 120, height: 80)
        let drawn = try #require(inkBox(f))
        let expected = layout.inkBounds.offsetBy(dx: 20, dy: 15)
        #expect(expected.insetBy(dx: -1, dy: -1).contains(drawn), "drawn \(drawn), expected \(expected)")
        // Most of the box is reached: the ink spans it within a pixel on each side.
        #expect(drawn.insetBy(dx: -1.5, dy: -1.5).contains(expected), "drawn \(drawn), expected \(expected)")
    }

    @Test(arguments: BackendKind.allCases) func textUnderScaleIsLaidOutAtDeviceResolution(_ backend: BackendKind) throws {
        let layout = block("H", "DejaVu Sans", 10)
        let m = TextMaterial(block: layout, color: P.black, origin: CGPoint(x: 2, y: 2))
        let f = try P.draw(backend, [try #require(TextMaterial.quad(m, state: SharedQuadState(transform: .scale(x: 6, y: 6))))],
                           width: 100, height: 100)
        let drawn = try #require(inkBox(f))
        let expected = layout.inkBounds.offsetBy(dx: 2, dy: 2)
        let scaled = CGRect(x: expected.minX * 6, y: expected.minY * 6, width: expected.width * 6, height: expected.height * 6)
        #expect(scaled.insetBy(dx: -1, dy: -1).contains(drawn), "drawn \(drawn), expected \(scaled)")
        // The stem of the H is solid and its edge is one pixel wide, not six.
        let row = Int(scaled.midY)
        let soft = (Int(drawn.minX)..<Int(drawn.maxX)).filter { x in
            let a = Int(f.pixel(x: x, y: row).a); return a > 25 && a < 230
        }
        #expect(soft.count <= 4, "soft pixels \(soft)")    // two stems, two edges each at most
    }

    @Test(arguments: BackendKind.allCases) func colourAndOpacityApply(_ backend: BackendKind) throws {
        let layout = block("██", "DejaVu Sans", 40)
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        let m = TextMaterial(block: layout, color: red, origin: CGPoint(x: 5, y: 5))
        var q = try #require(TextMaterial.quad(m))
        q.state.opacity = 0.5
        let f = try P.draw(backend, [q])
        let box = try #require(inkBox(f))
        let p = f.pixel(x: Int(box.midX), y: Int(box.midY))
        #expect(abs(Int(p.a) - 128) <= 1 && abs(Int(p.r) - 128) <= 1 && p.g == 0 && p.b == 0, "\(p)")
    }
}
