import Foundation

/// One line of shaped glyphs (Apple's `CTLine`, https://developer.apple.com/documentation/coretext/ctline).
///
/// Made by `CTLineCreateWithAttributedString`, by truncation, or by a frame. Coordinates are
/// Apple's: the origin is the left end of the baseline, x right, y up, in points. Immutable
/// and safe to share between threads.
public final class CTLine: @unchecked Sendable {
    let runs: [GlyphRun]
    /// Typographic width (advances, kern and trailing spaces included).
    let width: CGFloat
    let ascent: CGFloat
    let descent: CGFloat
    let leading: CGFloat
    /// Ink box relative to the origin, y up.
    let ink: CGRect
    let stringRange: CFRange
    /// The attributed string the line shows (for truncation).
    let source: NSAttributedString

    init(runs: [GlyphRun], width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat,
         ink: CGRect, stringRange: CFRange, source: NSAttributedString) {
        self.runs = runs; self.width = width; self.ascent = ascent; self.descent = descent
        self.leading = leading; self.ink = ink; self.stringRange = stringRange; self.source = source
    }

    /// One line laid out from a frame's paragraph.
    convenience init(_ geometry: LineGeometry, leading: CGFloat, source: NSAttributedString) {
        self.init(runs: geometry.runs, width: geometry.width, ascent: geometry.ascent, descent: geometry.descent,
                  leading: leading, ink: geometry.ink, stringRange: geometry.stringRange, source: source)
    }

    var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphCount } }
}

extension CTLine {
    /// Lays `range` of `source` out as one line, never wrapped (line breaks draw as nothing).
    /// Long text is shaped in chunks that end at spaces where possible, because pango measures
    /// in 32-bit 1/1024 points (about 2 million points per layout).
    static func make(_ source: NSAttributedString, range: NSRange) -> CTLine {
        PangoEngine.locked { context in
            var runs: [GlyphRun] = []
            var width: CGFloat = 0, ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            var ink = CGRect.null
            let styled = StyledRuns(source, range: range)
            for chunk in TextChunks.split(source, range: range, largestSize: styled.largestSize) {
                let paragraph = ParagraphLayout(source, styled, range: chunk, context: context, flattenBreaks: true)
                paragraph.configure(width: nil, style: CTParagraphStyle())
                for line in paragraph.lines() {
                    runs += line.runs.map { $0.shifted(by: width) }
                    ink = ink.union(line.ink.offsetBy(dx: width, dy: 0))
                    width += line.width
                    ascent = max(ascent, line.ascent); descent = max(descent, line.descent)
                }
                leading = max(leading, paragraph.leading)
            }
            return CTLine(runs: runs, width: width, ascent: ascent, descent: descent, leading: leading,
                          ink: ink.isNull ? .zero : ink,
                          stringRange: CFRange(location: range.location, length: range.length), source: source)
        }
    }
}
