import CQuartzPango
import Foundation

extension CTLine {
    /// The UTF-16 index (in the source string) of the character whose advance covers `x`
    /// points from the line origin, and whether `x` is in its trailing half. Clamped to the
    /// line's characters.
    func character(atX x: CGFloat) -> (index: Int, trailing: Bool) {
        PangoEngine.locked { context in
            var start: CGFloat = 0
            let range = NSRange(location: stringRange.location, length: stringRange.length)
            let styled = StyledRuns(source, range: range)
            let chunks = TextChunks.split(source, range: range, largestSize: styled.largestSize)
            for (n, chunk) in chunks.enumerated() {
                let paragraph = ParagraphLayout(source, styled, range: chunk, context: context, flattenBreaks: true)
                paragraph.configure(width: nil, style: CTParagraphStyle())
                guard let line = pango_layout_get_line_readonly(paragraph.layout, 0) else { continue }
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_line_get_extents(line, &ink, &logical)
                let width = PangoEngine.points(logical.width)
                if x < start + width || n == chunks.count - 1 {
                    var index: Int32 = 0, trailing: Int32 = 0
                    _ = pango_layout_line_x_to_index(line, PangoEngine.units(max(0, x - start)), &index, &trailing)
                    return (paragraph.base + paragraph.map.utf16(Int(index)), trailing > 0)
                }
                start += width
            }
            return (range.location, false)
        }
    }
}

/// The string index of the caret nearest `position` (x from the line origin; y ignored)
/// (Apple's `CTLineGetStringIndexForPosition(_:_:)`).
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    guard line.stringRange.length > 0, position.x.isFinite else { return line.stringRange.location }
    if position.x >= line.width { return line.stringRange.location + line.stringRange.length }
    let (index, trailing) = line.character(atX: position.x)
    guard trailing else { return index }
    return NSMaxRange((line.source.string as NSString).rangeOfComposedCharacterSequence(at: index))
}
