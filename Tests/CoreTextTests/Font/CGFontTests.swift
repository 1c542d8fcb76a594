import Testing
import CoreText
import Foundation

@Suite("CGFont")
struct CGFontTests {
    /// Helvetica is not free: it opens Liberation Sans, its metric twin, and the metrics are the
    /// ones in that file's head/hhea/OS2 tables.
    @Test func helveticaOpensLiberationSansWithTheFilesMetrics() throws {
        let font = try #require(CGFont("Helvetica"))
        let file = try #require(SFNTTables(path: liberationSans))
        #expect(font.postScriptName == "LiberationSans")
        #expect(font.fullName == "Liberation Sans")
        #expect(Int(font.unitsPerEm) == file.unitsPerEm)
        #expect(Int(font.ascent) == file.ascender)
        #expect(Int(font.descent) == file.descender)
        #expect(font.descent < 0)
        #expect(Int(font.leading) == file.lineGap)
        #expect(Int(font.capHeight) == file.capHeight)
        #expect(font.xHeight > 0 && font.xHeight < font.capHeight)
        #expect(font.fontBBox.minY < 0 && font.fontBBox.maxY > CGFloat(font.ascent) * 0.8)
    }

    @Test(arguments: [("Helvetica-Bold", "LiberationSans-Bold"), ("HelveticaNeue-Bold", "LiberationSans-Bold"),
                      ("Arial", "LiberationSans"), ("ArialMT", "LiberationSans"),
                      ("Times New Roman", "LiberationSerif"), ("TimesNewRomanPS-BoldItalicMT", "LiberationSerif-BoldItalic"),
                      ("Courier", "LiberationMono"), ("Menlo", "DejaVuSansMono"), ("Menlo-Bold", "DejaVuSansMono-Bold"),
                      ("SFProText-Regular", "LiberationSans"), ("SF Pro", "LiberationSans"),
                      ("LiberationSerif-Italic", "LiberationSerif-Italic"), ("DejaVu Sans", "DejaVuSans"),
                      ("PingFangSC-Regular", "WenQuanYiMicroHei")])
    func appleNamesMapToFreeFonts(name: String, postScript: String) throws {
        #expect(try #require(CGFont(name)).postScriptName == postScript)
    }

    @Test func unknownNameIsNil() {
        #expect(CGFont("NoSuchFont-Regular") == nil)
        #expect(CGFont("") == nil)
    }

    @Test func approximationsAreNotedOncePerName() {
        let notes = NoteBox()
        CGDiagnostics.withHandler({ notes.add($0) }) {
            _ = CGFont("Georgia-Italic"); _ = CGFont("Georgia-Italic"); _ = CGFont("Helvetica-Oblique")
        }
        #expect(notes.all.map(\.subject) == ["Georgia-Italic"])
        #expect(notes.all.first?.kind == .fontSubstituted)
        #expect(notes.all.first?.message.contains("Liberation Serif") == true)
    }

    @Test func glyphNamesAndAdvances() throws {
        let font = try #require(CGFont("Liberation Sans"))
        let a = font.getGlyphWithGlyphName(name: "A")
        #expect(a != 0)
        #expect(font.name(for: a) == "A")
        #expect(font.getGlyphWithGlyphName(name: "no.such.glyph") == 0)
        var glyphs: [CGGlyph] = [a, font.getGlyphWithGlyphName(name: "space")]
        var advances = [Int32](repeating: 0, count: 2)
        #expect(font.getGlyphAdvances(glyphs: &glyphs, count: 2, advances: &advances))
        #expect(advances == [1366, 569])  // Liberation Sans (= Arial) widths, 2048 units per em
    }

    /// `setFont` picks the CGFont's face for the context's pango text: Courier is Liberation
    /// Mono, whose "i" and "W" advance alike.
    @Test func contextSetFontDrawsWithThatFace() throws {
        let context = TextCanvas(10, 10).context
        context.setFont(try #require(CGFont("Courier-Bold")))
        context.setFontSize(20)
        let narrow = context.measureText("iii"), wide = context.measureText("WWW")
        #expect(abs(narrow.width - wide.width) < 0.01)
        #expect(abs(narrow.width - 3 * 1229.0 / 2048 * 20) < 0.05)  // Liberation Mono: 1229 units each
    }

    @Test func fontFromDataReadsTheSameFace() throws {
        let data = try #require(FileManager.default.contents(atPath: liberationSans))
        let font = try #require(CGFont(CGDataProvider(data: data)))
        #expect(font.postScriptName == "LiberationSans")
        #expect(font.ascent == CGFont("Liberation Sans")?.ascent)
        #expect(CGFont(CGDataProvider(data: Data("not a font".utf8))) == nil)
        #expect(CGFont(CGDataProvider(data: Data())) == nil)
    }
}

/// Collects diagnostics from a handler (which may run on any thread).
final class NoteBox: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [CGDiagnostic] = []
    func add(_ note: CGDiagnostic) { lock.withLock { notes.append(note) } }
    var all: [CGDiagnostic] { lock.withLock { notes } }
}
