import Foundation

extension TextLayerLayout {
    /// The part of a string that can show in a box of `size` at `fontSize` (for an attributed
    /// string: its smallest font size), so a huge string costs what its bounds can hold, not its
    /// length. A glyph is assumed no narrower than 1/20 em and a line no shorter than half an
    /// em (generous: real text shows far less). Wrapped text keeps its start; an unwrapped line
    /// too long to show keeps the end that shows: its start (left, natural, justified; end
    /// truncation), its end (right; start truncation), both ends (middle truncation) or its
    /// middle (centred). Paragraphs are joined by a line feed.
    static func visibleRanges(_ text: NSString, size: CGSize, fontSize: CGFloat, wrapped: Bool,
                              truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode) -> [NSRange]? {
        let em = max(fontSize.isFinite ? fontSize : 12, 0.01)
        let perLine = Int(min(max(size.width, 0) / (em / 20), 1e6)) + 64
        let lines = Int(min(max(size.height, 0) / (em / 2), 1e6)) + 2
        let budget = min(perLine * lines, maximumCharacters)
        if text.length <= min(perLine, budget) { return nil }
        if wrapped { return [prefix(NSRange(location: 0, length: text.length), budget, text)] }
        var kept: [NSRange] = [], count = 0, total = 0
        text.enumerateSubstrings(in: NSRange(location: 0, length: text.length),
                                 options: [.byParagraphs, .substringNotRequired]) { _, p, _, stop in
            let parts = cut(p, perLine, text, truncation: truncation, alignment: alignment)
            if count > 0 { kept.append(NSRange(location: NSNotFound, length: 0)) }   // a paragraph break
            kept += parts; count += 1; total += parts.reduce(0) { $0 + $1.length }
            if count >= lines || total >= budget { stop.pointee = true }
        }
        return kept
    }

    /// A plain string cut to `visibleRanges`.
    static func visiblePart(_ s: String, size: CGSize, fontSize: CGFloat, wrapped: Bool,
                            truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode) -> String {
        let text = s as NSString
        guard let ranges = visibleRanges(text, size: size, fontSize: fontSize, wrapped: wrapped,
                                         truncation: truncation, alignment: alignment) else { return s }
        return ranges.map { $0.location == NSNotFound ? "\n" : text.substring(with: $0) }.joined()
    }

    /// An attributed string cut to `visibleRanges`, at its smallest font size.
    static func visiblePart(_ a: NSAttributedString, size: CGSize, smallestFontSize: CGFloat, wrapped: Bool,
                            truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode) -> NSAttributedString {
        guard let ranges = visibleRanges(a.string as NSString, size: size, fontSize: smallestFontSize, wrapped: wrapped,
                                         truncation: truncation, alignment: alignment) else { return a }
        let out = NSMutableAttributedString(string: "")
        for r in ranges {
            out.append(r.location == NSNotFound ? NSAttributedString(string: "\n") : a.attributedSubstring(from: r))
        }
        return out
    }

    private static func cut(_ p: NSRange, _ n: Int, _ text: NSString, truncation: CATextLayerTruncationMode,
                            alignment: CATextLayerAlignmentMode) -> [NSRange] {
        guard p.length > n else { return [p] }
        switch (truncation, alignment) {
        case (.middle, _): return [prefix(p, n / 2, text), suffix(p, n / 2, text)]
        case (.start, _), (.none, .right): return [suffix(p, n, text)]
        case (.none, .center):
            return [text.rangeOfComposedCharacterSequences(for: NSRange(location: p.location + (p.length - n) / 2, length: n))]
        default: return [prefix(p, n, text)]
        }
    }

    /// The first `n` UTF-16 units of `r`, never splitting a character.
    private static func prefix(_ r: NSRange, _ n: Int, _ text: NSString) -> NSRange {
        guard r.length > n else { return r }
        return NSRange(location: r.location, length: text.rangeOfComposedCharacterSequence(at: r.location + n).location - r.location)
    }

    /// The last `n` UTF-16 units of `r`, never splitting a character.
    private static func suffix(_ r: NSRange, _ n: Int, _ text: NSString) -> NSRange {
        guard r.length > n else { return r }
        let start = NSMaxRange(text.rangeOfComposedCharacterSequence(at: NSMaxRange(r) - n - 1))
        return NSRange(location: start, length: NSMaxRange(r) - start)
    }
}
