import Testing
import CoreText
import Foundation

@Suite("CTFramesetter and CTFrame")
struct CTFramesetterTests {
    let font = CTFontCreateWithName("Helvetica", 20, nil)

    func frame(_ string: NSAttributedString, _ rect: CGRect) -> CTFrame {
        CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: rect, transform: nil), nil)
    }

    func styled(_ alignment: CTTextAlignment, _ string: String = "Hi",
                _ lineBreak: CTLineBreakMode = .byWordWrapping) -> NSAttributedString {
        var a = alignment, b = lineBreak
        let style = withUnsafeBytes(of: &a) { align in
            withUnsafeBytes(of: &b) { mode in
                let settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: align.baseAddress!),
                                CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: mode.baseAddress!)]
                return CTParagraphStyleCreate(settings, 2)
            }
        }
        var read: UInt8 = 9
        #expect(CTParagraphStyleGetValueForSpecifier(style, .lineBreakMode, 1, &read) && read == lineBreak.rawValue)
        return attributed(string, font: font, extra: [kCTParagraphStyleAttributeName: style])
    }

    /// Truncating line-break modes keep each paragraph on one line that fits, with "…"; character
    /// wrapping breaks inside words, so its first line is fuller than word wrapping's.
    @Test func lineBreakModes() {
        let text = "Truncation keeps one line"
        let rect = CGRect(x: 0, y: 0, width: 120, height: 200)
        for mode in [CTLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let lines = CTFrameGetLines(frame(styled(.left, text, mode), rect))
            #expect(lines.count == 1)
            #expect(lines.allSatisfy { CTLineGetTypographicBounds($0, nil, nil, nil) <= 120 })
            #expect(lines.first.map(CTLineGetGlyphCount) ?? 99 < text.count)
        }
        let words = CTFrameGetLines(frame(styled(.left, text, .byWordWrapping), rect))
        let chars = CTFrameGetLines(frame(styled(.left, text, .byCharWrapping), rect))
        #expect(CTLineGetStringRange(chars[0]).length > CTLineGetStringRange(words[0]).length)
        #expect(CTFrameGetLines(frame(styled(.left, text, .byClipping), rect)).count == 1)
    }

    /// Words wrap into lines no wider than the frame; origins step down by ascent + descent +
    /// leading from a first baseline one ascent below the top.
    @Test func wrapsByWordIntoStackedLines() {
        // Each word "word" is about 42 points wide at 20 points: three fit in 150, not four.
        let text = attributed("word word word word word word", font: font)
        let f = frame(text, CGRect(x: 0, y: 0, width: 150, height: 300))
        let lines = CTFrameGetLines(f)
        #expect(lines.count == 2)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(f, CFRange(), &origins)
        let ascent = CTFontGetAscent(font), step = ascent + CTFontGetDescent(font) + CTFontGetLeading(font)
        #expect(abs(origins[0].y - (300 - ascent)) < 0.01)
        #expect(abs(origins[0].y - origins[1].y - step) < 0.01)
        #expect(origins.allSatisfy { $0.x == 0 })
        for line in lines { #expect(CTLineGetTypographicBounds(line, nil, nil, nil) <= 150) }
        #expect(CTLineGetStringRange(lines[0]) == CFRange(location: 0, length: 15))  // "word word word "
        #expect(CTFrameGetVisibleStringRange(f) == CFRange(location: 0, length: text.length))
    }

    /// N lines at a given width, and only the lines that fit the height are in the frame.
    @Test func heightLimitsTheVisibleRange() {
        let text = attributed(Array(repeating: "word", count: 30).joined(separator: " "), font: font)
        let all = frame(text, CGRect(x: 0, y: 0, width: 150, height: 10_000))
        #expect(CTFrameGetLines(all).count == 10)
        let lineHeight = CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)
        let three = frame(text, CGRect(x: 0, y: 0, width: 150, height: lineHeight * 3 + 1))
        #expect(CTFrameGetLines(three).count == 3)
        #expect(CTFrameGetVisibleStringRange(three) == CFRange(location: 0, length: 45))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(CTFramesetterCreateWithAttributedString(text), CFRange(), nil,
                                                                CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(fit == CFRange(location: 0, length: text.length))
        #expect(size.width <= 150 && size.width > 100)
        #expect(abs(size.height - (9 * lineHeight + CTFontGetAscent(font) + CTFontGetDescent(font))) < 0.01)
        #expect(CTFrameGetLines(frame(text, CGRect(x: 0, y: 0, width: 150, height: 5))).isEmpty)
    }

    /// Each alignment's line origin and ink position in a 200-point frame at x = 20.
    @Test(arguments: [CTTextAlignment.left, .natural, .right, .center])
    func alignmentOffsetsTheInk(alignment: CTTextAlignment) throws {
        let text = styled(alignment)
        let width = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("Hi", font: font)), nil, nil, nil)
        let f = frame(text, CGRect(x: 20, y: 0, width: 200, height: 40))
        var origin = CGPoint.zero
        CTFrameGetLineOrigins(f, CFRange(location: 0, length: 1), &origin)
        let expected: Double = switch alignment {
        case .right: 200 - width
        case .center: (200 - width) / 2
        default: 0
        }
        #expect(abs(origin.x - expected) < 0.01)
        let canvas = TextCanvas(240, 40)
        CTFrameDraw(f, canvas.context)
        let ink = try #require(canvas.inkBox(threshold: 127))
        #expect(abs(Double(ink.minX) - (20 + expected)) < 4)  // + the H's left bearing
        #expect(Double(ink.maxX) < 20 + expected + width + 1)
    }

    /// Justified lines (not the last) reach both edges.
    @Test func justifiedLinesFillTheWidth() throws {
        let text = styled(.justified, "aa bb cc dd ee ff gg hh ii jj kk ll")
        let f = frame(text, CGRect(x: 0, y: 0, width: 200, height: 200))
        let lines = CTFrameGetLines(f)
        #expect(lines.count >= 2)
        let first = CTLineGetTypographicBounds(lines[0], nil, nil, nil)
        #expect(abs(first - 200) < 1 || CTLineGetTrailingWhitespaceWidth(lines[0]) > 0)
        let canvas = TextCanvas(220, 200)
        CTFrameDraw(f, canvas.context)
        let top = try #require(canvas.inkBox(threshold: 127, in: 0..<220))
        #expect(top.maxX >= 196 && top.maxX <= 200)
    }

    @Test func emptyStringAndEmptyPath() {
        let empty = frame(NSAttributedString(string: ""), CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(CTFrameGetVisibleStringRange(empty) == CFRange(location: 0, length: 0))
        let zero = frame(attributed("Hello", font: font), .zero)
        #expect(CTFrameGetLines(zero).isEmpty)
        let canvas = TextCanvas(10, 10)
        CTFrameDraw(zero, canvas.context)
        #expect(canvas.totalInk == 0)
    }

    /// Paragraph separators start new lines and belong to the line they end.
    @Test func newlinesEndParagraphs() {
        let f = frame(attributed("One\nTwo\n\nFour", font: font), CGRect(x: 0, y: 0, width: 300, height: 300))
        let lines = CTFrameGetLines(f)
        #expect(lines.map(CTLineGetStringRange) == [CFRange(location: 0, length: 4), CFRange(location: 4, length: 4),
                                                   CFRange(location: 8, length: 1), CFRange(location: 9, length: 4)])
    }
}
