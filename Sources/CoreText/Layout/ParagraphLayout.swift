import CQuartzPango
import Foundation

/// One paragraph (or one chunk of a long line) of an attributed string laid out by pango, with
/// the attributes applied. Create and use it inside `PangoEngine.locked`.
final class ParagraphLayout {
    let layout: OpaquePointer
    let map: TextIndexMap
    /// Where the laid-out text starts in the source string (UTF-16).
    let base: Int
    /// Colour and kern changes: UTF-8 offset where each run starts, ascending.
    private var styles: [(utf8: Int, style: RunStyle)] = []
    /// The largest line gap of the fonts used; the paragraph style of the first character.
    private(set) var leading: CGFloat = 0
    private(set) var paragraph: CTParagraphStyle?

    /// Lays out `range` of `source`. `flattenBreaks`: line and paragraph separators become
    /// zero-width spaces, so the text stays one line (CTLine) with the same UTF-16 offsets.
    init(_ source: NSAttributedString, _ styled: StyledRuns, range: NSRange, context: OpaquePointer,
         flattenBreaks: Bool) {
        base = range.location
        var text = ParagraphLayout.substring(source.string, range)
        if flattenBreaks, text.unicodeScalars.contains(where: { ParagraphLayout.breaks.contains($0.value) }) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map {
                ParagraphLayout.breaks.contains($0.value) ? "\u{200B}" : $0 }))
        }
        map = TextIndexMap(text)
        layout = PangoEngine.takeLayout(context)
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
        let list = pango_attr_list_new()!
        let runs = styled.runs(in: range)
        for (r, style) in runs {
            let start = UInt32(map.utf8(r.location - base)), end = UInt32(map.utf8(r.location - base + r.length))
            if paragraph == nil { paragraph = style.paragraph ?? CTParagraphStyle() }
            leading = max(leading, CTFontGetLeading(style.font))
            styles.append((Int(start), style))
            if style.kern != 0 { insert(pango_attr_letter_spacing_new(PangoEngine.units(style.kern)), start, end, list) }
            // One style for all the text (the common case) is the layout's font: pango itemises
            // faster without attributes, and there are no colour changes to split runs at.
            if runs.count == 1 { pango_layout_set_font_description(layout, style.font.pangoDescription); continue }
            insert(pango_attr_font_desc_new(style.font.pangoDescription), start, end, list)
            // Splits runs where the colour changes; the colour drawn is `styles`' exact one.
            let c = style.color.rgba
            insert(pango_attr_foreground_new(UInt16(c.r * 65535), UInt16(c.g * 65535), UInt16(c.b * 65535)), start, end, list)
        }
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }

    deinit { PangoEngine.returnLayout(layout) }

    /// `range` (UTF-16) of `string`; the whole string without a copy (the common case).
    static func substring(_ string: String, _ range: NSRange) -> String {
        let units = string.utf16
        if range.location == 0 && range.length == units.count { return string }
        let from = units.index(units.startIndex, offsetBy: range.location)
        let to = units.index(from, offsetBy: range.length)
        return String(units[from..<to]) ?? String(decoding: Array(units[from..<to]), as: UTF16.self)
    }

    static let breaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: UInt32, _ end: UInt32,
                        _ list: OpaquePointer) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
    }

    /// The run style at a UTF-8 offset of the laid-out text.
    func style(at utf8: Int) -> RunStyle {
        var lo = 0, hi = styles.count
        while lo < hi { let mid = (lo + hi) / 2; if styles[mid].utf8 <= utf8 { lo = mid + 1 } else { hi = mid } }
        return lo > 0 ? styles[lo - 1].style : RunStyle([:])
    }

    /// Sets wrapping (`width` nil: one line per paragraph), alignment and truncation.
    func configure(width: CGFloat?, style: CTParagraphStyle) {
        let mode = style.lineBreakMode
        if let width, mode != .byClipping {
            pango_layout_set_width(layout, PangoEngine.units(max(0, min(width, 1_000_000))))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, mode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        let ellipsis: PangoEllipsizeMode = switch mode {
        case .byTruncatingHead: PANGO_ELLIPSIZE_START
        case .byTruncatingTail: PANGO_ELLIPSIZE_END
        case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
        default: PANGO_ELLIPSIZE_NONE
        }
        pango_layout_set_ellipsize(layout, ellipsis)
        let alignment: PangoAlignment = switch style.alignment {
        case .right: PANGO_ALIGN_RIGHT
        case .center: PANGO_ALIGN_CENTER
        default: PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)
    }
}
