import Testing
import CoreText
import Foundation

@Suite("CTRun")
struct CTRunTests {
    /// "Hi中文" in Helvetica: a Latin run and a fallback run in WenQuanYi Micro Hei; glyphs,
    /// positions and advances that rebuild the line: paths of each glyph at its position cover
    /// the line's image bounds (text to paths, as CAShapeLayer text effects do it).
    @Test func runsRebuildTheLineAsPaths() throws {
        let font = CTFontCreateWithName("Helvetica", 30, nil)
        let line = CTLineCreateWithAttributedString(attributed("Hi中文", font: font))
        let runs = CTLineGetGlyphRuns(line)
        #expect(runs.count == 2)
        #expect(runs.map(CTRunGetStringRange) == [CFRange(location: 0, length: 2), CFRange(location: 2, length: 2)])
        let fonts = runs.map { CTRunGetAttributes($0)[kCTFontAttributeName] as? CTFont }
        #expect(fonts[0].map(CTFontCopyPostScriptName) == "LiberationSans")
        #expect(fonts[1].map(CTFontCopyFamilyName) == "WenQuanYi Micro Hei")
        #expect(fonts[1].map(CTFontGetSize) == 30)
        let path = CGMutablePath()
        var total = 0.0
        for (run, runFont) in zip(runs, fonts) {
            let count = CTRunGetGlyphCount(run)
            var glyphs = [CGGlyph](repeating: 0, count: count), positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetGlyphs(run, CFRange(), &glyphs)
            CTRunGetPositions(run, CFRange(), &positions)
            #expect(glyphs.allSatisfy { $0 != 0 })
            for (glyph, position) in zip(glyphs, positions) {
                var move = CGAffineTransform(translationX: position.x, y: position.y)
                if let outline = CTFontCreatePathForGlyph(try #require(runFont), glyph, &move) { path.addPath(outline) }
            }
            total += CTRunGetTypographicBounds(run, CFRange(), nil, nil, nil)
        }
        #expect(abs(total - CTLineGetTypographicBounds(line, nil, nil, nil)) < 0.01)
        let image = CTLineGetImageBounds(line, nil), outline = path.boundingBoxOfPath
        #expect(abs(outline.minX - image.minX) < 1 && abs(outline.maxX - image.maxX) < 1)
        #expect(abs(outline.minY - image.minY) < 1 && abs(outline.maxY - image.maxY) < 1)
    }
}
