import Testing
import CoreText
import Foundation

@Suite("CoreText bad input")
struct CoreTextBadInputTests {
    /// A 1 MB string: a line (shaped in chunks pango can measure) has the width of its
    /// repeated word times the count, and a small frame lays out only what it shows.
    @Test func oneMegabyteString() {
        let font = CTFontCreateWithName("Helvetica", 12, nil)
        let word = "lorem ipsum "  // 12 characters
        let text = attributed(String(repeating: word, count: 1 << 20 / 12), font: font)
        #expect(text.length > 1_000_000)
        let one = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed(word, font: font)), nil, nil, nil)
        let line = CTLineCreateWithAttributedString(text)
        let width = CTLineGetTypographicBounds(line, nil, nil, nil)
        #expect(abs(width - one * Double(1 << 20 / 12)) < 1)
        let f = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(),
                                         CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 100), transform: nil), nil)
        // Every line whose descent clears the bottom: first baseline one ascent down, then one
        // line height (ascent + descent + leading, 13.77 points) per line: 7 lines in 100 points.
        let ascent = CTFontGetAscent(font), descent = CTFontGetDescent(font)
        let lineHeight = ascent + descent + CTFontGetLeading(font)
        #expect(CTFrameGetLines(f).count == Int((100 - ascent - descent) / lineHeight) + 1)
        #expect(CTFrameGetLines(f).count == 7)
        #expect(CTFrameGetVisibleStringRange(f).length < 1000)
    }

    @Test func nonFiniteDrawingPositionsDrawNothing() {
        let canvas = TextCanvas(20, 20)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hi"))
        canvas.context.textPosition = CGPoint(x: CGFloat.nan, y: 5)
        CTLineDraw(line, canvas.context)
        canvas.context.textPosition = CGPoint(x: 2, y: 5)
        canvas.context.textMatrix = CGAffineTransform(scaleX: 0, y: 0)
        CTLineDraw(line, canvas.context)
        #expect(canvas.totalInk == 0)
    }

    /// Attribute values of the wrong type are ignored (defaults), never a crash.
    @Test func wrongAttributeTypesFallBackToDefaults() {
        let odd = NSAttributedString(string: "Hello", attributes: [kCTFontAttributeName: 42, kCTKernAttributeName: "wide",
                                                                   kCTForegroundColorAttributeName: "red",
                                                                   kCTParagraphStyleAttributeName: 7])
        let plain = NSAttributedString(string: "Hello")
        #expect(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(odd), nil, nil, nil)
                == CTLineGetTypographicBounds(CTLineCreateWithAttributedString(plain), nil, nil, nil))
    }
}
