import Testing
import CoreText
import Foundation

@Suite("CTLine truncation")
struct CTLineTruncationTests {
    let font = CTFontCreateWithName("Helvetica", 20, nil)
    var text: NSAttributedString { attributed("The quick brown fox jumps over the lazy dog", font: font) }
    var token: CTLine { CTLineCreateWithAttributedString(attributed("\u{2026}", font: font)) }

    @Test(arguments: [CTLineTruncationType.end, .start, .middle])
    func truncatedLineFitsAndShowsTheToken(type: CTLineTruncationType) throws {
        let line = CTLineCreateWithAttributedString(text)
        let full = CTLineGetTypographicBounds(line, nil, nil, nil)
        let truncated = try #require(CTLineCreateTruncatedLine(line, 150, type, token))
        let width = CTLineGetTypographicBounds(truncated, nil, nil, nil)
        #expect(width <= 150 && width > 120)  // fits, and does not give away more than a character or two
        #expect(width < full)
        #expect(CTLineGetGlyphCount(truncated) < CTLineGetGlyphCount(line))
        // The ellipsis is drawn where the type says: ink of the token's glyph at the cut.
        let canvas = TextCanvas(200, 40)
        canvas.context.textPosition = CGPoint(x: 0, y: 10)
        CTLineDraw(truncated, canvas.context)
        let tokenWidth = CTLineGetTypographicBounds(token, nil, nil, nil)
        let cut: Double = switch type {
        case .end: width - tokenWidth
        case .start: 0
        case .middle: (width - tokenWidth) / 2
        }
        // Ellipsis dots sit on the baseline: rows 10…13; the token's span must have ink there.
        var dots = 0
        for x in Int(cut)..<Int(cut + tokenWidth) where (10...13).contains(where: { canvas.pixel(x, $0).a > 127 }) { dots += 1 }
        #expect(dots >= 3)
    }

    /// A line made from a mutable string keeps the text it was made from.
    @Test func laterEditsOfTheSourceDoNotReachTheLine() throws {
        let source = NSMutableAttributedString(attributedString: text)
        let line = CTLineCreateWithAttributedString(source)
        source.replaceCharacters(in: NSRange(location: 0, length: source.length), with: "x")
        let truncated = try #require(CTLineCreateTruncatedLine(line, 150, .end, token))
        #expect(CTLineGetGlyphCount(truncated) > 5)
    }

    @Test func lineThatFitsComesBackAndImpossibleWidthsAreNil() {
        let line = CTLineCreateWithAttributedString(text)
        #expect(CTLineCreateTruncatedLine(line, 10_000, .end, token) === line)
        #expect(CTLineCreateTruncatedLine(line, 5, .end, token) == nil)  // the token alone is wider
        #expect(CTLineCreateTruncatedLine(line, .nan, .end, token) == nil)
        #expect(CTLineCreateTruncatedLine(line, -1, .end, nil) == nil)
        let cut = CTLineCreateTruncatedLine(line, 100, .end, nil)
        #expect(cut.map { CTLineGetTypographicBounds($0, nil, nil, nil) <= 100 } == true)
    }
}
