import Testing
import CoreText
import Foundation

@Suite("CTFont")
struct CTFontTests {
    /// Liberation Sans (Helvetica's stand-in) at 36 points: the file's hhea values × 36 / 2048.
    @Test func metricsAt36PointsAreTheFilesScaled() throws {
        let font = CTFontCreateWithName("Helvetica", 36, nil)
        let file = try #require(SFNTTables(path: liberationSans))
        let scale = 36 / CGFloat(file.unitsPerEm)
        #expect(CTFontGetSize(font) == 36)
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        #expect(abs(CTFontGetAscent(font) - CGFloat(file.ascender) * scale) < 1e-9)
        #expect(abs(CTFontGetAscent(font) - 32.590) < 0.01)
        #expect(abs(CTFontGetDescent(font) - CGFloat(-file.descender) * scale) < 1e-9)
        #expect(abs(CTFontGetDescent(font) - 7.629) < 0.01)
        #expect(abs(CTFontGetLeading(font) - CGFloat(file.lineGap) * scale) < 1e-9)
        #expect(abs(CTFontGetCapHeight(font) - CGFloat(file.capHeight) * scale) < 1e-9)
        #expect(CTFontGetXHeight(font) > 18 && CTFontGetXHeight(font) < CTFontGetCapHeight(font))
        #expect(CTFontCopyPostScriptName(font) == "LiberationSans")
        #expect(CTFontCopyFamilyName(font) == "Liberation Sans")
        let box = CTFontGetBoundingBox(font)
        #expect(box.maxY > CTFontGetAscent(font) * 0.8 && box.minY < -CTFontGetDescent(font) * 0.5)
    }

    /// "H" is flat-topped: its outline runs from the baseline to the cap height, in points at
    /// the font size, y up; a matrix moves it.
    @Test func glyphPathIsTheOutlineInPoints() throws {
        let font = CTFontCreateWithName("Helvetica", 36, nil)
        var chars: [UniChar] = Array("H".utf16), glyphs: [CGGlyph] = [0]
        #expect(CTFontGetGlyphsForCharacters(font, &chars, &glyphs, 1))
        let path = try #require(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let box = path.boundingBoxOfPath
        #expect(abs(box.minY) < 0.01)
        #expect(abs(box.maxY - CTFontGetCapHeight(font)) < 0.01)
        var advance = CGSize.zero
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, &advance, 1)
        #expect(abs(total - 1479.0 * 36 / 2048) < 1e-9)  // H is 1479 units wide in Arial's metrics
        #expect(box.minX > 0 && box.maxX < advance.width)
        var shift = CGAffineTransform(translationX: 100, y: -50)
        let moved = try #require(CTFontCreatePathForGlyph(font, glyphs[0], &shift)).boundingBoxOfPath
        #expect(abs(moved.minX - box.minX - 100) < 1e-9 && abs(moved.minY - box.minY + 50) < 1e-9)
        // A space has an advance and no contours.
        chars = Array(" ".utf16)
        _ = CTFontGetGlyphsForCharacters(font, &chars, &glyphs, 1)
        #expect(CTFontCreatePathForGlyph(font, glyphs[0], nil)?.isEmpty == true)
    }

    /// One glyph slot per UTF-16 unit; characters the font lacks give 0 and false.
    @Test func glyphsForCharactersIncludingSurrogates() {
        let font = CTFontCreateWithName("DejaVu Sans", 12, nil)
        var chars: [UniChar] = Array("A中".utf16)
        var glyphs = [CGGlyph](repeating: 9, count: chars.count)
        #expect(!CTFontGetGlyphsForCharacters(font, &chars, &glyphs, chars.count))
        #expect(glyphs[0] != 0 && glyphs[1] == 0)  // DejaVu Sans has no Han
        let emoji = CTFontCreateWithName("Apple Color Emoji", 12, nil)  // Noto Color Emoji
        var smile: [UniChar] = Array("😀".utf16), pair: [CGGlyph] = [9, 9]
        #expect(smile.count == 2)
        #expect(CTFontGetGlyphsForCharacters(emoji, &smile, &pair, 2))
        #expect(pair[0] != 0 && pair[1] == 0)
        let cjk = CTFontCreateWithName("PingFangSC-Regular", 12, nil)
        var han: [UniChar] = Array("中".utf16), glyph: [CGGlyph] = [0]
        #expect(CTFontGetGlyphsForCharacters(cjk, &han, &glyph, 1) && glyph[0] != 0)
    }

    @Test func graphicsFontRoundTrip() throws {
        let cg = try #require(CGFont("Liberation Serif"))
        let font = CTFontCreateWithGraphicsFont(cg, 20, nil, nil)
        #expect(CTFontCopyGraphicsFont(font, nil) == cg)
        #expect(CTFontGetSize(font) == 20)
        #expect(CTFontGetSize(CTFontCreateCopyWithAttributes(font, 0, nil, nil)) == 20)
        #expect(CTFontGetSize(CTFontCreateWithName("Helvetica", 0, nil)) == 12)  // Apple: 0 means 12
    }

    /// Bad sizes and names: a usable font and a note, never a crash.
    @Test func badSizesAndUnknownNamesFallBackWithANote() {
        let notes = NoteBox()
        let fonts = CGDiagnostics.withHandler({ notes.add($0) }) {
            [CTFontCreateWithName("Helvetica", .nan, nil), CTFontCreateWithName("Helvetica", -5, nil),
             CTFontCreateWithName("Helvetica", .infinity, nil), CTFontCreateWithName("Zapf Nonexistent-Bold", 30, nil)]
        }
        #expect(fonts.map(CTFontGetSize) == [12, 12, 12, 30])
        #expect(CTFontCopyPostScriptName(fonts[3]) == "LiberationSans-Bold")
        #expect(notes.all.contains { $0.kind == .fontSubstituted && $0.subject == "Zapf Nonexistent-Bold" })
        #expect(notes.all.contains { $0.kind == .invalidValue })
        #expect(CTFontGetAscent(fonts[0]).isFinite)
    }
}
