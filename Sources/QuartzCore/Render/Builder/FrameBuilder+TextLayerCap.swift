import Foundation

extension TextLayerLayout {
    /// The part of a plain string that can show in a box of `size` at `fontSize`, so a huge
    /// string costs what its bounds can hold, not its length. A glyph is assumed no narrower
    /// than 1/20 em and a line no shorter than half an em (generous: real text shows far less).
    /// Wrapped text keeps its start; an unwrapped line too long to show keeps the end that
    /// shows: its start (left, natural, justified; end truncation), its end (right; start
    /// truncation), both ends (middle truncation) or its middle (centred).
    static func visiblePart(_ s: String, size: CGSize, fontSize: CGFloat, wrapped: Bool,
                            truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode) -> String {
        let em = max(fontSize.isFinite ? fontSize : 12, 0.01)
        let perLine = Int(min(max(size.width, 0) / (em / 20), 1e6)) + 64
        let lines = Int(min(max(size.height, 0) / (em / 2), 1e6)) + 2
        let budget = min(perLine * lines, maximumCharacters)
        let text = s as NSString
        if text.length <= min(perLine, budget) { return s }
        if wrapped { return prefix(text, budget) }
        var kept: [String] = [], total = 0
        text.enumerateSubstrings(in: NSRange(location: 0, length: text.length), options: .byParagraphs) { p, _, _, stop in
            guard let p else { return }
            let line = cut(p as NSString, perLine, truncation: truncation, alignment: alignment)
            kept.append(line); total += (line as NSString).length
            if kept.count >= lines || total >= budget { stop.pointee = true }
        }
        return kept.joined(separator: "\n")
    }

    private static func cut(_ p: NSString, _ n: Int, truncation: CATextLayerTruncationMode,
                            alignment: CATextLayerAlignmentMode) -> String {
        guard p.length > n else { return p as String }
        switch (truncation, alignment) {
        case (.middle, _): return prefix(p, n / 2) + suffix(p, n / 2)
        case (.start, _), (.none, .right): return suffix(p, n)
        case (.none, .center):
            let r = p.rangeOfComposedCharacterSequences(for: NSRange(location: (p.length - n) / 2, length: n))
            return p.substring(with: r)
        default: return prefix(p, n)
        }
    }

    /// The first `n` UTF-16 units, never splitting a character.
    static func prefix(_ s: NSString, _ n: Int) -> String {
        guard s.length > n else { return s as String }
        return s.substring(to: s.rangeOfComposedCharacterSequence(at: n).location)
    }

    /// The last `n` UTF-16 units, never splitting a character.
    static func suffix(_ s: NSString, _ n: Int) -> String {
        guard s.length > n else { return s as String }
        return s.substring(from: NSMaxRange(s.rangeOfComposedCharacterSequence(at: s.length - n - 1)))
    }
}
