import Testing
import CoreText

// CoreText has no Swift Testing overlay of its own; it re-exports CoreGraphics, whose overlay
// the CoreGraphicsTestingOverlay product provides.
@Test func testingAndCoreTextTogether() {
    let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hi"))
    #expect(CTLineGetGlyphCount(line) == 2)
}
