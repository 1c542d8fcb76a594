import Testing
@testable import CoreGraphics

/// Text from input files (a font name from a scene) is printed with control and format
/// characters escaped, so a file cannot send terminal escapes or bidirectional overrides
/// through a note.
@Suite("Printable text")
struct PrintableTextTests {
    @Test func controlAndFormatCharactersAreEscaped() {
        #expect(printableText("Evil\u{1B}[31mFont\u{202E}X") == "Evil\\u{1b}[31mFont\\u{202e}X")
        #expect(printableText("a\nb\u{2028}c") == "a\\u{a}b\\u{2028}c")
        #expect(printableText("Liberation Sans é 字") == "Liberation Sans é 字")
        #expect(printableText("abcdef", limit: 3) == "abc…")
    }

    @Test func notesPrintEscaped() {
        let note = CGDiagnostic(.fontSubstituted, subject: "x", "font \"Evil\u{202E}X\" is not installed")
        #expect(note.description == "CoreGraphics: font \"Evil\\u{202e}X\" is not installed")
    }
}
