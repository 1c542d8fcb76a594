import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// `CATextLayer.preferredFrameSize()` answers the laid-out text's size (as on iOS, where code
/// sizes a label-like text layer with it), not CALayer's bounds rule
/// (https://developer.apple.com/documentation/quartzcore/calayer/preferredframesize()).
@Suite("CATextLayer preferredFrameSize")
struct TextLayerPreferredSizeTests {
    /// Width and height of one line of `s` in `font` as CoreText measures it.
    static func line(_ s: String, _ font: CTFont) -> (width: CGFloat, height: CGFloat) {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: s, attributes: [.font: font]))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        return (CGFloat(width), ascent + descent)
    }

    @Test func aPlainLineIsItsWidthAndOneLineHigh() {
        let l = CATextLayer()
        l.string = "Hello, layers"
        l.fontSize = 20
        let expected = Self.line("Hello, layers", CTFontCreateWithName("Helvetica", 20, nil))
        let size = l.preferredFrameSize()
        #expect(size.width == expected.width.rounded(.up) && size.width > 100)
        #expect(size.height == expected.height.rounded(.up) && size.height >= 20)
        #expect(l.bounds.size == .zero)                                     // measuring changes nothing
    }

    @Test func eachParagraphIsALineAndTheWidestDecides() {
        let l = CATextLayer()
        l.font = "Courier" as CFTypeRef
        l.fontSize = 10
        l.string = "ab\nabcdef\nabc"
        let one = Self.line("abcdef", CTFontCreateWithName("Courier", 10, nil))
        let size = l.preferredFrameSize()
        #expect(size.width == one.width.rounded(.up))                       // 6 × 6 pt of Liberation Mono
        #expect(size.height >= 3 * one.height - 1 && size.height <= 3 * one.height + 4)
    }

    @Test func wrappedTextWrapsAtTheBoundsWidth() {
        let l = CATextLayer()
        l.string = "The quick brown fox jumps over the lazy dog again and again"
        l.fontSize = 16
        l.bounds = CGRect(x: 0, y: 0, width: 120, height: 10)
        let unwrapped = l.preferredFrameSize()
        l.isWrapped = true
        let wrapped = l.preferredFrameSize()
        #expect(unwrapped.width > 300 && wrapped.width <= 120)
        #expect(wrapped.height >= 4 * unwrapped.height - 4)                 // at least four lines
        l.bounds.size.width = 0                                             // no width: no wrapping
        #expect(l.preferredFrameSize() == unwrapped)
    }

    @Test func attributedStringsUseTheirOwnFonts() {
        let l = CATextLayer()
        let big = CTFontCreateWithName("Helvetica", 30, nil)
        l.string = NSAttributedString(string: "Big", attributes: [.font: big])
        l.fontSize = 5                                                      // ignored for attributed text
        let expected = Self.line("Big", big)
        #expect(l.preferredFrameSize() == CGSize(width: expected.width.rounded(.up), height: expected.height.rounded(.up)))
    }

    @Test func nothingToMeasureIsZero() {
        let l = CATextLayer()
        #expect(l.preferredFrameSize() == .zero)
        l.string = "x"
        l.fontSize = 0
        #expect(l.preferredFrameSize() == .zero)
    }

    @Test func aLayerGivenItsPreferredSizeShowsTheWholeText() throws {
        let (root, text) = TextProbe.scene("Sized to fit", w: 200, h: 60) { l in
            l.fontSize = 18
            l.truncationMode = .end                                          // a cut line would end in "…"
        }
        text.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: text.preferredFrameSize())
        let fitted = try TextProbe.frame(root)
        text.frame = CGRect(x: 10, y: 10, width: 180, height: 40)            // room to spare
        let roomy = try TextProbe.frame(root)
        // Same ink either way: nothing cut, no ellipsis.
        let a = try #require(TextProbe.ink(fitted)), b = try #require(TextProbe.ink(roomy))
        #expect(a == b)
        var differing = 0
        for y in Int(a.minY)..<Int(a.maxY) {
            for x in Int(a.minX)..<Int(a.maxX) where fitted.rgba(x, y) != roomy.rgba(x, y) { differing += 1 }
        }
        #expect(differing == 0)
    }
}
