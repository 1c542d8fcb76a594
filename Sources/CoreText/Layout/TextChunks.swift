import Foundation

/// Splits long text into pieces pango can measure: each piece's width must stay under
/// 2^31 / 1024 points, so the piece length shrinks as the largest font grows. Pieces end
/// after a space when one is near the end, else at a character (grapheme) boundary.
enum TextChunks {
    static func split(_ source: NSAttributedString, range: NSRange, largestSize: CGFloat) -> [NSRange] {
        // Allows ten ems a character (the widest ligatures) within ~2 million points.
        let limit = max(16, Int(200_000 / largestSize))
        guard range.length > limit else { return [range] }
        let text = source.string as NSString
        var pieces: [NSRange] = [], start = range.location
        let end = range.location + range.length
        while end - start > limit {
            var cut = start + limit
            let space = text.rangeOfCharacter(from: .whitespaces, options: .backwards,
                                              range: NSRange(location: start + limit * 3 / 4, length: limit / 4))
            if space.location != NSNotFound {
                cut = space.location + 1
            } else {
                cut = text.rangeOfComposedCharacterSequence(at: cut).location
                if cut <= start { cut = start + limit }
            }
            pieces.append(NSRange(location: start, length: cut - start))
            start = cut
        }
        pieces.append(NSRange(location: start, length: end - start))
        return pieces
    }
}
