import CQuartzCairo
import CQuartzPango

/// A paragraph of plain text laid out with pango: our addition (CoreText is out of scope), the
/// text engine behind `CGContext.drawText` and, later, `CATextLayer`.
///
/// Units are user-space units (points in PDF, pixels in a bitmap at scale 1): `fontSize` is
/// the em size, as `CTFont`'s size. Layout is unhinted (metrics do not depend on the
/// device), so measuring and drawing agree at any scale. Fonts are found by fontconfig:
/// `fontName` is a family, optionally with a style ("DejaVu Sans Bold"); unknown names fall
/// back to fontconfig's choice. DejaVu Sans is the default (installed by `.ci/run`).
public struct TextLayout: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case left, center, right, justified }
    /// Where an ellipsis replaces text that does not fit `wrapWidth` (and the line limit).
    public enum Truncation: Sendable, Equatable { case none, start, middle, end }

    public var string: String
    public var fontName: String
    public var fontSize: CGFloat
    /// Lines are wrapped (at word, else character, boundaries) to this width; nil: one line
    /// per paragraph, never wrapped. Alignment places lines within this width.
    public var wrapWidth: CGFloat?
    public var alignment: Alignment = .left
    /// Applies only with a `wrapWidth`: unwrapped text is ellipsized to that width; wrapped
    /// text is ellipsized on its last allowed line (`maximumNumberOfLines`).
    public var truncation: Truncation = .none
    /// The most lines shown when truncating (0: no limit).
    public var maximumNumberOfLines: Int = 0
    /// Extra space added after each character, in user-space units.
    public var characterSpacing: CGFloat = 0

    public init(_ string: String, fontName: String = "DejaVu Sans", fontSize: CGFloat = 12) {
        self.string = string; self.fontName = fontName; self.fontSize = fontSize
    }

    /// Size and line facts of a laid-out paragraph.
    public struct Metrics: Sendable, Equatable {
        /// The logical size (advance widths; line heights including leading).
        public var size: CGSize
        /// Distance from the top of the layout down to the first line's baseline.
        public var firstBaseline: CGFloat
        public var lineCount: Int
    }

    /// Lays the text out without drawing. Safe on any thread (pango's default font map is
    /// per thread).
    public func measure() -> Metrics {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        configure(layout, antialias: true)
        return TextLayout.metrics(of: layout)
    }

    static let pangoScale: CGFloat = 1024

    static func metrics(of layout: OpaquePointer) -> Metrics {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Metrics(size: CGSize(width: CGFloat(logical.width) / pangoScale,
                                    height: CGFloat(logical.height) / pangoScale),
                       firstBaseline: CGFloat(pango_layout_get_baseline(layout)) / pangoScale,
                       lineCount: Int(pango_layout_get_line_count(layout)))
    }

    /// Applies text, font, wrapping, alignment, truncation and spacing to a pango layout.
    func configure(_ layout: OpaquePointer, antialias: Bool) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, antialias ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)

        let font = pango_font_description_from_string(fontName)
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : 0.001
        pango_font_description_set_absolute_size(font, Double(size * TextLayout.pangoScale))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, string, -1)

        if let w = wrapWidth, w.isFinite, w > 0 {
            pango_layout_set_width(layout, Int32(min(w * TextLayout.pangoScale, CGFloat(Int32.max))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            pango_layout_set_width(layout, -1)
        }
        switch alignment {
        case .left, .justified: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_justify(layout, alignment == .justified ? 1 : 0)
        let ellipsize: PangoEllipsizeMode = switch truncation {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(layout, ellipsize)
        // A negative height is pango's "at most this many lines" (used when ellipsizing).
        pango_layout_set_height(layout, maximumNumberOfLines > 0 ? -Int32(min(maximumNumberOfLines, 1 << 20)) : -1)
        if characterSpacing != 0, characterSpacing.isFinite {
            let attributes = pango_attr_list_new()
            let spacing = max(-1e5, min(1e5, characterSpacing)) * TextLayout.pangoScale
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(spacing)))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
    }
}
