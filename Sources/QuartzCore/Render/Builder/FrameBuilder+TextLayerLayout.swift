import Foundation
import CoreText

/// What a `CATextLayer` shows, as CoreText lays it out: everything layout depends on (not the
/// colour of a plain string, which is applied when drawing, so a colour animation costs no
/// layout). Equal keys make the same `TextBlock`, which `TextLayoutCache` keeps.
///
/// Layout (Apple's CATextLayer behaviour, https://developer.apple.com/documentation/quartzcore/catextlayer):
/// one `CTFramesetter` frame in the bounds' size; wrapped at the width when `isWrapped`, else
/// one line per paragraph placed by `alignmentMode` and truncated by `truncationMode` when wider
/// than the bounds; when wrapped and text is left over, the last whole line takes the rest of
/// its paragraph truncated. Lines whose top is inside the bounds are kept (the bounds cut the
/// last one); the first baseline is one ascent below the top.
struct TextLayerLayout: Hashable {
    var string: TextLayerString
    var font: TextLayerFont
    var fontSize: CGFloat
    var wrapped: Bool
    var truncation: CATextLayerTruncationMode
    var alignment: CATextLayerAlignmentMode
    var size: CGSize

    /// At most this many UTF-16 units are laid out, however large the bounds.
    static let maximumCharacters = 200_000

    func make() -> TextBlock {
        let source = attributedString()
        if let single = singleLine(source) { return single }
        let width = size.width, height = size.height
        let largest = Self.fontSizes(source).largest
        // Room for one more line than fits, so a line cut by the bottom edge still shows.
        let frameHeight = height + 2 * largest
        let frameWidth: CGFloat = wrapped ? width : 2_000_000   // unwrapped: one line per paragraph
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(source), CFRange(),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: frameWidth, height: frameHeight),
                                                    transform: nil), nil)
        var lines = frame.linesFromTop.filter { $0.origin.y - $0.line.metrics.ascent < height }
        if wrapped {
            lines = truncatingLast(lines, frame: frame, source: source)
        } else {
            lines = lines.map { p in
                let line = truncated(p.line, source: source) ?? p.line
                return TextBlock.PlacedLine(line, origin: CGPoint(x: alignedX(line), y: p.origin.y))
            }
        }
        return TextBlock(lines)
    }

    /// An unwrapped plain string without line breaks is one line: `CTLine` directly, as the
    /// framesetter would lay it out (its baseline one ascent below the top), without a frame.
    private func singleLine(_ source: NSAttributedString) -> TextBlock? {
        guard !wrapped, case .plain = string,
              !source.string.unicodeScalars.contains(where: { Self.lineBreaks.contains($0.value) }) else { return nil }
        let made = CTLineCreateWithAttributedString(source)
        let line = truncated(made, source: source) ?? made
        return TextBlock([TextBlock.PlacedLine(line, origin: CGPoint(x: alignedX(line), y: made.metrics.ascent))])
    }

    private static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    /// x of a line's origin for the alignment, in a box of the bounds' width.
    func alignedX(_ line: CTLine) -> CGFloat {
        let w = line.metrics.width
        switch alignment {
        case .right: return size.width - w
        case .center: return (size.width - w) / 2
        default: return 0
        }
    }

    /// `line` cut to the bounds' width with an ellipsis, or nil when it fits or no truncation
    /// is asked for.
    func truncated(_ line: CTLine, source: NSAttributedString) -> CTLine? {
        guard truncation != .none, line.metrics.width > size.width else { return nil }
        let type: CTLineTruncationType = switch truncation {
        case .start: .start
        case .middle: .middle
        default: .end
        }
        let range = CTLineGetStringRange(line)
        let at = max(0, min(range.location + max(range.length - 1, 0), source.length - 1))
        let attributes = source.length > 0 ? source.attributes(at: at, effectiveRange: nil) : [:]
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}", attributes: attributes))
        return CTLineCreateTruncatedLine(line, Double(size.width), type, token)
    }

    /// Wrapped text with some left over (or a last line cut by the bottom): the last line that
    /// fits whole takes the rest of its paragraph, truncated.
    private func truncatingLast(_ lines: [TextBlock.PlacedLine], frame: CTFrame,
                                source: NSAttributedString) -> [TextBlock.PlacedLine] {
        guard truncation != .none, !lines.isEmpty else { return lines }
        var whole = lines.filter { $0.origin.y + $0.line.metrics.descent <= size.height + 0.5 }
        if whole.isEmpty { whole = [lines[0]] }
        let visible = CTFrameGetVisibleStringRange(frame)
        guard whole.count < lines.count || visible.location + visible.length < source.length,
              let last = whole.last else { return whole }
        let start = CTLineGetStringRange(last.line).location
        let text = source.string as NSString
        let paragraph = text.paragraphRange(for: NSRange(location: start, length: 0))
        var end = NSMaxRange(paragraph)
        while end > start, let c = Unicode.Scalar(text.character(at: end - 1)), c.properties.isWhitespace { end -= 1 }
        let rest = CTLineCreateWithAttributedString(source.attributedSubstring(from: NSRange(location: start, length: end - start)))
        let line = truncated(rest, source: source) ?? rest
        whole[whole.count - 1] = TextBlock.PlacedLine(line, origin: CGPoint(x: alignedX(line), y: last.origin.y))
        return whole
    }

    /// The string with the layer's font and alignment applied (plain strings), or the
    /// attributed string with the layer's alignment where it has no paragraph style; cut to
    /// what can show.
    func attributedString() -> NSAttributedString {
        var value: CTTextAlignment = switch alignment {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
        let paragraph = withUnsafePointer(to: &value) { p in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: p)
            return CTParagraphStyleCreate(&setting, 1)
        }
        switch string {
        case .plain(let s):
            let text = TextLayerLayout.visiblePart(s, size: size, fontSize: fontSize, wrapped: wrapped,
                                                   truncation: truncation, alignment: alignment)
            return NSAttributedString(string: text, attributes: [.font: font.ctFont(size: fontSize),
                                                                 .paragraphStyle: paragraph])
        case .attributed(let a):
            let cut = TextLayerLayout.visiblePart(a, size: size, smallestFontSize: Self.fontSizes(a).smallest,
                                                  wrapped: wrapped, truncation: truncation, alignment: alignment)
            let m = NSMutableAttributedString(attributedString: cut)
            m.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: m.length)) { v, r, _ in
                if v == nil { m.addAttribute(.paragraphStyle, value: paragraph, range: r) }
            }
            return m
        }
    }

    /// The smallest and largest font sizes used (CoreText's default 12 where a run has none).
    static func fontSizes(_ s: NSAttributedString) -> (smallest: CGFloat, largest: CGFloat) {
        var smallest = CGFloat.infinity, largest: CGFloat = 0
        s.enumerateAttribute(.font, in: NSRange(location: 0, length: s.length)) { v, _, _ in
            let size = (v as? CTFont).map(CTFontGetSize) ?? 12
            smallest = min(smallest, size); largest = max(largest, size)
        }
        return (smallest.isFinite ? smallest : 12, min(max(largest, 12), 100_000))
    }
}
