import Foundation

/// Where a truncated line loses its characters (Apple's `CTLineTruncationType`).
public enum CTLineTruncationType: UInt32, Sendable {
    case start = 0, end = 1, middle = 2
}

/// A copy of `line` no wider than `width` points, characters removed at the start, end or
/// middle and `truncationToken` (usually a line of "…") put in their place (Apple's
/// `CTLineCreateTruncatedLine(_:_:_:_:)`). A line that already fits comes back unchanged; a
/// nil token cuts without a mark. nil when the token alone is wider than `width`, or `width`
/// is not a finite non-negative number.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    let width = CGFloat(width)
    guard width.isFinite, width >= 0 else { return nil }
    if line.width <= width { return line }
    let tokenWidth = truncationToken?.width ?? 0
    guard tokenWidth <= width else { return nil }
    let text = line.source.string as NSString
    let start = line.stringRange.location, end = start + line.stringRange.length
    let available = width - tokenWidth
    // Kept: [start, head) and [tail, end).
    var head = start, tail = end
    switch truncationType {
    case .end: head = line.character(atX: available).index
    case .start: tail = after(line.character(atX: line.width - available).index, in: text, end)
    case .middle:
        head = line.character(atX: available / 2).index
        tail = after(line.character(atX: line.width - available / 2).index, in: text, end)
    }
    // Shaping at the new joins may differ: drop one more character until the result fits.
    for _ in 0..<64 {
        let candidate = joined(line, head: head, tail: tail, token: truncationToken)
        if candidate.width <= width || (head == start && tail == end) { return candidate }
        switch truncationType {
        case .end: head = before(head, in: text, start)
        case .start: tail = after(tail, in: text, end)
        case .middle: if head - start >= end - tail { head = before(head, in: text, start) } else { tail = after(tail, in: text, end) }
        }
    }
    return joined(line, head: start, tail: end, token: truncationToken)
}

private func after(_ index: Int, in text: NSString, _ limit: Int) -> Int {
    index >= limit ? limit : min(limit, NSMaxRange(text.rangeOfComposedCharacterSequence(at: index)))
}

private func before(_ index: Int, in text: NSString, _ limit: Int) -> Int {
    index <= limit ? limit : max(limit, text.rangeOfComposedCharacterSequence(at: index - 1).location)
}

/// The line's characters [start, head) + token + [tail, end) as a new line.
private func joined(_ line: CTLine, head: Int, tail: Int, token: CTLine?) -> CTLine {
    let start = line.stringRange.location, end = start + line.stringRange.length
    let result = NSMutableAttributedString(attributedString: line.source.attributedSubstring(
        from: NSRange(location: start, length: head - start)))
    if let token {
        result.append(token.source.attributedSubstring(
            from: NSRange(location: token.stringRange.location, length: token.stringRange.length)))
    }
    result.append(line.source.attributedSubstring(from: NSRange(location: tail, length: end - tail)))
    return CTLineCreateWithAttributedString(result)
}
