import Testing
import CoreText
import Foundation

@Suite("CTLine")
struct CTLineTests {
    let font = CTFontCreateWithName("Helvetica", 36, nil)

    func advances(_ string: String, _ font: CTFont) -> Double {
        var chars = Array(string.utf16), glyphs = [CGGlyph](repeating: 0, count: chars.count)
        _ = CTFontGetGlyphsForCharacters(font, &chars, &glyphs, chars.count)
        return CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, nil, glyphs.count)
    }

    /// The typographic width is the sum of the glyph advances ("Hello" has no kerning pairs
    /// applied by default layout) plus kern × characters; ascent/descent are the font's.
    @Test func typographicBoundsAreAdvancesPlusKern() {
        let line = CTLineCreateWithAttributedString(attributed("Hello", font: font))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(abs(width - advances("Hello", font)) < 0.01)
        #expect(abs(ascent - CTFontGetAscent(font)) < 0.01)
        #expect(abs(descent - CTFontGetDescent(font)) < 0.01)
        #expect(abs(leading - CTFontGetLeading(font)) < 0.01)
        let kerned = CTLineCreateWithAttributedString(attributed("Hello", font: font, extra: [kCTKernAttributeName: 3.0]))
        let kernedWidth = CTLineGetTypographicBounds(kerned, nil, nil, nil)
        #expect(abs(kernedWidth - advances("Hello", font) - 5 * 3) < 0.01)
        // NSNumber kern (what Objective-C style code passes) reads the same.
        let boxed = CTLineCreateWithAttributedString(attributed("Hello", font: font, extra: [.kern: NSNumber(value: 3)]))
        #expect(abs(CTLineGetTypographicBounds(boxed, nil, nil, nil) - kernedWidth) < 1e-9)
        #expect(CTLineGetGlyphCount(line) == 5)
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 5))
    }

    /// Drawn at text position (10, 20): the lowest ink row of "H" is the baseline row, the
    /// highest is at the cap height above it, and the ink starts at x ≈ 10 + left bearing.
    @Test func drawsOnTheBaselineAtTheTextPosition() throws {
        let canvas = TextCanvas(120, 60)
        canvas.context.textPosition = CGPoint(x: 10, y: 20)
        let line = CTLineCreateWithAttributedString(attributed("H", font: font))
        CTLineDraw(line, canvas.context)
        let ink = try #require(canvas.inkBox(threshold: 127))
        #expect(ink.minY == 20)
        #expect(abs(CGFloat(ink.maxY + 1) - (20 + CTFontGetCapHeight(font))) <= 1)
        let image = CTLineGetImageBounds(line, canvas.context)
        #expect(abs(image.minY - 20) < 0.5 && abs(image.maxY - 20 - CTFontGetCapHeight(font)) < 0.5)
        #expect(abs(CGFloat(ink.minX) - image.minX) <= 1)
        #expect(canvas.pixel(ink.minX + 1, 30) == (0, 0, 0, 255))  // opaque black stem
    }

    /// Two runs, red then blue: each run's ink has its colour.
    @Test func twoRunsInTwoColours() throws {
        let string = NSMutableAttributedString(attributedString: attributed("II", font: font, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        string.append(attributed("II", font: font, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        let canvas = TextCanvas(120, 50)
        canvas.context.textPosition = CGPoint(x: 5, y: 10)
        let line = CTLineCreateWithAttributedString(string)
        CTLineDraw(line, canvas.context)
        var reds = 0, blues = 0, split = 0.0
        split = 5 + advances("II", font)
        for y in 0..<50 {
            for x in 0..<120 {
                let p = canvas.pixel(x, y)
                guard p.a == 255 else { continue }
                if p == (255, 0, 0, 255) { reds += 1; #expect(Double(x) < split) }
                if p == (0, 0, 255, 255) { blues += 1; #expect(Double(x) > split) }
            }
        }
        #expect(reds > 60 && blues > 60)  // two full-opacity stems each
        #expect(abs(reds - blues) < reds / 10)
    }

    /// Chinese through fontconfig fallback from a Latin font: real glyphs, not .notdef boxes,
    /// so "中文" has a different ink amount from two tofu boxes (U+E000, private use, which no
    /// font has).
    @Test func chineseFallsBackToARealFont() {
        func ink(_ string: String) -> Int {
            let canvas = TextCanvas(120, 60)
            canvas.context.textPosition = CGPoint(x: 5, y: 15)
            CTLineDraw(CTLineCreateWithAttributedString(attributed(string, font: font)), canvas.context)
            return canvas.totalInk
        }
        let chinese = ink("中文"), tofu = ink("\u{E000}\u{E000}"), other = ink("字母")
        #expect(chinese > 0 && tofu > 0)
        #expect(abs(chinese - tofu) > tofu / 10)
        #expect(chinese != other)  // different glyphs, different ink
        let line = CTLineCreateWithAttributedString(attributed("中文", font: font))
        #expect(abs(CTLineGetTypographicBounds(line, nil, nil, nil) - 72) < 0.5)  // CJK: 1 em each
    }

    /// Emoji fall back to Noto Color Emoji and draw in colour (not in the run's black).
    @Test func emojiDrawInColour() {
        let canvas = TextCanvas(80, 60)
        canvas.context.textPosition = CGPoint(x: 5, y: 15)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("😀", font: font)), canvas.context)
        var coloured = 0
        for y in 0..<60 { for x in 0..<80 { let p = canvas.pixel(x, y); if p.a > 200 && p.r > p.b + 60 { coloured += 1 } } }
        #expect(coloured > 100)  // the yellow face
    }

    @Test func emptyStringIsAnEmptyLine() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) == 0)
        #expect(CTLineGetGlyphCount(line) == 0)
        #expect(CTLineGetImageBounds(line, nil) == .zero)
        let canvas = TextCanvas(10, 10)
        CTLineDraw(line, canvas.context)
        #expect(canvas.totalInk == 0)
    }

    /// Plain strings get Apple's defaults: Helvetica 12, black.
    @Test func defaultsAreHelvetica12Black() {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello"))
        let font12 = CTFontCreateWithName("Helvetica", 12, nil)
        #expect(abs(CTLineGetTypographicBounds(line, nil, nil, nil) - advances("Hello", font12)) < 0.01)
    }
}
