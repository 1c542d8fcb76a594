/// The line-height and spacing settings of a paragraph style, in points (Apple's
/// `CTParagraphStyleSpecifier` cases of type CGFloat; defaults 0 = not set).
///
/// A line's height is its ascent + descent, times `lineHeightMultiple` when positive, then kept
/// within `minimumLineHeight` and `maximumLineHeight` (when positive); extra height goes above
/// the glyphs, and a smaller maximum lets them overlap the line above. Between lines: the fonts'
/// leading + `lineSpacingAdjustment` + `lineSpacing`, kept within the minimum and maximum line
/// spacing. Between paragraphs, also the previous paragraph's `paragraphSpacing` and this one's
/// `paragraphSpacingBefore`. Negative and non-finite values are ignored, except the adjustment.
struct ParagraphSpacing: Sendable {
    var lineHeightMultiple: CGFloat = 0
    var minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0
    var lineSpacing: CGFloat = 0, lineSpacingAdjustment: CGFloat = 0
    var minimumLineSpacing: CGFloat = 0, maximumLineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0

    // Key paths are immutable; Swift 6.3 does not mark them Sendable.
    nonisolated(unsafe) private static let fields: [CTParagraphStyleSpecifier: WritableKeyPath<ParagraphSpacing, CGFloat>] = [
        .lineHeightMultiple: \.lineHeightMultiple, .minimumLineHeight: \.minimumLineHeight,
        .maximumLineHeight: \.maximumLineHeight, .lineSpacing: \.lineSpacing,
        .lineSpacingAdjustment: \.lineSpacingAdjustment, .minimumLineSpacing: \.minimumLineSpacing,
        .maximumLineSpacing: \.maximumLineSpacing, .paragraphSpacing: \.paragraphSpacing,
        .paragraphSpacingBefore: \.paragraphSpacingBefore,
    ]

    mutating func set(_ spec: CTParagraphStyleSpecifier, _ value: CGFloat) {
        guard let field = ParagraphSpacing.fields[spec], value.isFinite,
              value >= 0 || spec == .lineSpacingAdjustment else { return }
        self[keyPath: field] = value
    }

    func value(_ spec: CTParagraphStyleSpecifier) -> CGFloat? { ParagraphSpacing.fields[spec].map { self[keyPath: $0] } }

    func lineHeight(ascent: CGFloat, descent: CGFloat) -> CGFloat {
        var height = (ascent + descent) * (lineHeightMultiple > 0 ? lineHeightMultiple : 1)
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return height
    }

    func lineGap(leading: CGFloat) -> CGFloat {
        var gap = leading + lineSpacingAdjustment + lineSpacing
        gap = max(gap, minimumLineSpacing)
        if maximumLineSpacing > 0 { gap = min(gap, maximumLineSpacing) }
        return max(0, gap)
    }
}
