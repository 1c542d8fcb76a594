import Testing
import CoreText
import Foundation

/// Font files shipped with the shared Lottie samples (`shared/lottie/samples/Fonts` beside or
/// above the repository root); nil when absent, and the tests that need them are then disabled.
enum SharedFonts {
    static let folder: URL? = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("shared/lottie/samples/Fonts")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
    static var available: Bool { folder != nil }
}

@Suite("CTFontManager")
struct CTFontManagerTests {
    /// Pacifico is not installed: by name it falls back; after registering its file it opens by
    /// PostScript and family name and lines are laid out with it (its advances, not the
    /// fallback's).
    @Test(.enabled(if: SharedFonts.available)) func registeredFontOpensByNameAndLaysOut() throws {
        let url = SharedFonts.folder!.appendingPathComponent("Pacifico-Regular.ttf")
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let fromData = try #require(CGFont(CGDataProvider(data: data)))
        #expect(fromData.postScriptName == "Pacifico-Regular")
        #expect(CGFont("Pacifico-Regular") == nil)
        #expect(CTFontManagerRegisterFontsForURL(url, .process, nil))
        let font = CTFontCreateWithName("Pacifico-Regular", 30, nil)
        #expect(CTFontCopyPostScriptName(font) == "Pacifico-Regular")
        #expect(CGFont("Pacifico")?.postScriptName == "Pacifico-Regular")
        #expect(abs(CTFontGetAscent(font) - CGFloat(fromData.ascent) * 30 / CGFloat(fromData.unitsPerEm)) < 1e-9)
        var chars = Array("Swift".utf16), glyphs = [CGGlyph](repeating: 0, count: 5)
        #expect(CTFontGetGlyphsForCharacters(font, &chars, &glyphs, 5))
        let advances = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, nil, 5)
        // Pacifico's own advances (within its pair kerning), far from the fallback's.
        let width = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("Swift", font: font)), nil, nil, nil)
        let fallback = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("Swift", font: CTFontCreateWithName("Helvetica", 30, nil))), nil, nil, nil)
        #expect(abs(width - advances) < advances * 0.01)
        #expect(abs(width - fallback) > fallback * 0.05)
    }

    @Test func registeringWhatIsNotAFontFails() throws {
        var error: Unmanaged<NSError>?
        #expect(!CTFontManagerRegisterFontsForURL(URL(fileURLWithPath: "/nonexistent/font.ttf"), .process, &error))
        #expect(error?.takeRetainedValue().code == 101)
        let notFont = FileManager.default.temporaryDirectory.appendingPathComponent("coretext-not-a-font-\(getpid()).ttf")
        try Data("plain text".utf8).write(to: notFont)
        defer { try? FileManager.default.removeItem(at: notFont) }
        #expect(!CTFontManagerRegisterFontsForURL(notFont, .process, &error))
        #expect(error?.takeRetainedValue().code == 103)
    }
}
