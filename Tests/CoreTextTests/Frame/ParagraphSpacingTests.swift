import Testing
import CoreText
import Foundation

@Suite("Paragraph spacing settings")
struct ParagraphSpacingTests {
    let font = CTFontCreateWithName("Helvetica", 20, nil)

    func style(_ values: [(CTParagraphStyleSpecifier, CGFloat)]) -> CTParagraphStyle {
        var numbers = values.map(\.1)
        return numbers.withUnsafeMutableBufferPointer { buffer in
            let settings = values.indices.map {
                CTParagraphStyleSetting(spec: values[$0].0, valueSize: MemoryLayout<CGFloat>.size,
                                        value: UnsafeRawPointer(buffer.baseAddress! + $0))
            }
            return CTParagraphStyleCreate(settings, settings.count)
        }
    }

    func origins(_ text: String, _ style: CTParagraphStyle) -> [CGPoint] {
        let string = attributed(text, font: font, extra: [kCTParagraphStyleAttributeName: style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 500, height: 500), transform: nil), nil)
        var points = [CGPoint](repeating: .zero, count: CTFrameGetLines(frame).count)
        CTFrameGetLineOrigins(frame, CFRange(), &points)
        return points
    }

    var ascent: CGFloat { CTFontGetAscent(font) }
    var descent: CGFloat { CTFontGetDescent(font) }
    var leading: CGFloat { CTFontGetLeading(font) }

    /// Minimum line height 40: each line 40 tall, the glyphs at its bottom (extra space above).
    @Test func minimumLineHeightAddsSpaceAbove() {
        let o = origins("One\nTwo", style([(.minimumLineHeight, 40)]))
        #expect(abs(o[0].y - (500 - (40 - descent))) < 0.01)
        #expect(abs(o[0].y - o[1].y - (40 + leading)) < 0.01)
    }

    /// A multiple of 2 doubles ascent + descent; a maximum below it wins.
    @Test func multipleAndMaximum() {
        let doubled = origins("One\nTwo", style([(.lineHeightMultiple, 2)]))
        #expect(abs(doubled[0].y - doubled[1].y - (2 * (ascent + descent) + leading)) < 0.01)
        let capped = origins("One\nTwo", style([(.lineHeightMultiple, 2), (.maximumLineHeight, 15)]))
        #expect(abs(capped[0].y - capped[1].y - (15 + leading)) < 0.01)
    }

    /// Line spacing adjustments add to the fonts' leading; paragraph spacing after and before
    /// add between paragraphs, not between the lines of one.
    @Test func lineAndParagraphSpacing() {
        let adjusted = origins("One\nTwo", style([(.lineSpacingAdjustment, 10)]))
        #expect(abs(adjusted[0].y - adjusted[1].y - (ascent + descent + leading + 10)) < 0.01)
        let paragraphs = origins("One\nTwo", style([(.paragraphSpacing, 7), (.paragraphSpacingBefore, 5)]))
        #expect(abs(paragraphs[0].y - paragraphs[1].y - (ascent + descent + leading + 12)) < 0.01)
        let wrapped = origins(Array(repeating: "word", count: 40).joined(separator: " "), style([(.paragraphSpacing, 7)]))
        #expect(wrapped.count > 2)
        #expect(abs(wrapped[0].y - wrapped[1].y - (ascent + descent + leading)) < 0.01)
    }

    /// Values read back; negative and NaN values are ignored (Apple: always nonnegative).
    @Test func settingsReadBackAndBadValuesAreIgnored() {
        let s = style([(.minimumLineHeight, 30), (.paragraphSpacing, -4), (.maximumLineHeight, .nan)])
        var value: CGFloat = -1
        #expect(CTParagraphStyleGetValueForSpecifier(s, .minimumLineHeight, MemoryLayout<CGFloat>.size, &value) && value == 30)
        #expect(CTParagraphStyleGetValueForSpecifier(s, .paragraphSpacing, MemoryLayout<CGFloat>.size, &value) && value == 0)
        #expect(CTParagraphStyleGetValueForSpecifier(s, .maximumLineHeight, MemoryLayout<CGFloat>.size, &value) && value == 0)
        #expect(!CTParagraphStyleGetValueForSpecifier(s, .tabStops, MemoryLayout<CGFloat>.size, &value))
    }
}
