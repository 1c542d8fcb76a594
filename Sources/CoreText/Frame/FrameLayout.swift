import Foundation

/// Lines of an attributed string broken to a width and stacked down from a top edge: the
/// work behind frames and frame-size suggestions.
///
/// Each paragraph (ended by a line or paragraph separator, which belongs to its last line) is
/// one pango layout with its own paragraph style; lines are stacked by their own ascent,
/// descent and font leading, as Apple's frames stack them. Layout stops at the first line
/// that would cross `maxHeight`, so a long text in a small frame costs only what shows
/// (beyond the paragraph being broken).
struct FrameLayout {
    struct Line { var line: CTLine; var x: CGFloat; var baseline: CGFloat }
    var lines: [Line] = []
    /// From the top edge to the bottom of the last line's descent, and the widest line.
    var height: CGFloat = 0
    var width: CGFloat = 0
    var visibleRange = CFRange()

    init(_ source: NSAttributedString, range: NSRange, width: CGFloat?, maxHeight: CGFloat?) {
        let wrap = width.flatMap { $0.isFinite && $0 < 1_000_000 ? max(0, $0) : nil }
        let limit = maxHeight.flatMap { $0.isFinite ? $0 : nil }
        var top: CGFloat = 0, full = false
        PangoEngine.locked { context in
            let styled = StyledRuns(source, range: range)
            var spacingAfter: CGFloat = 0  // the previous paragraph's paragraphSpacing
            for paragraph in FrameLayout.paragraphs(source.string as NSString, range) where !full {
                var first = true
                for chunk in TextChunks.split(source, range: paragraph, largestSize: styled.largestSize) where !full {
                    let layout = ParagraphLayout(source, styled, range: chunk, context: context, flattenBreaks: true)
                    let style = layout.paragraph ?? CTParagraphStyle()
                    layout.configure(width: wrap, style: style)
                    let gap = style.spacing.lineGap(leading: layout.leading)
                    _ = layout.lines { g in
                        if first && !lines.isEmpty { top += spacingAfter + style.spacing.paragraphSpacingBefore }
                        first = false
                        // Extra height goes above the glyphs; a smaller maximum lets them overlap upwards.
                        let baseline = top + style.spacing.lineHeight(ascent: g.ascent, descent: g.descent) - g.descent
                        if let limit, baseline + g.descent > limit + 1e-6 { full = true; return false }
                        lines.append(Line(line: CTLine(g, leading: layout.leading, source: source), x: g.x, baseline: baseline))
                        height = baseline + g.descent
                        self.width = max(self.width, g.width)
                        top = height + gap
                        return true
                    }
                    spacingAfter = style.spacing.paragraphSpacing
                }
            }
        }
        if let last = lines.last?.line.stringRange {
            visibleRange = CFRange(location: range.location, length: last.location + last.length - range.location)
        } else {
            visibleRange = CFRange(location: range.location, length: 0)
        }
    }

    /// Paragraph ranges within `range`, each with its separator (LF, CR, CRLF, NEL, U+2029).
    static func paragraphs(_ text: NSString, _ range: NSRange) -> [NSRange] {
        var result: [NSRange] = [], start = range.location, i = range.location
        let end = NSMaxRange(range)
        while i < end {
            let c = text.character(at: i)
            i += 1
            guard c == 0x0A || c == 0x0D || c == 0x85 || c == 0x2029 else { continue }
            if c == 0x0D, i < end, text.character(at: i) == 0x0A { i += 1 }
            result.append(NSRange(location: start, length: i - start)); start = i
        }
        if start < end || result.isEmpty { result.append(NSRange(location: start, length: end - start)) }
        return result
    }
}
