import CQuartzCairo
import CQuartzPango

// Text drawing with pango (our addition: CoreText is out of scope). See Text/TextLayout.swift.

extension CGContext {
    /// Sets the font size used by `drawText` and `measureText` when none is passed, in
    /// user-space units (Apple's `setFontSize(_:)`). Part of the graphics state; default 12.
    /// Non-finite or non-positive sizes are ignored.
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite, size > 0 else { return }
        gstate.fontSize = size
    }

    /// Sets the default font family (and optional style, e.g. "DejaVu Sans Bold") for
    /// `drawText` and `measureText`. Our addition, standing in for Apple's `setFont(_:)` with
    /// a CGFont. Default "DejaVu Sans".
    public func setFontName(_ name: String) { gstate.fontName = name }

    /// Sets the font `drawText` and `measureText` use to `font`'s family, weight and slant
    /// (Apple's `setFont(_:)`; https://developer.apple.com/documentation/coregraphics/cgcontext/setfont(_:)).
    public func setFont(_ font: CGFont) {
        let request = font.layoutRequest
        gstate.fontName = request.family + (request.weight >= 200 ? " Bold" : "") + (request.slant >= 100 ? " Italic" : "")
    }

    /// Extra space after each character, in user-space units (Apple's `setCharacterSpacing(_:)`).
    public func setCharacterSpacing(_ spacing: CGFloat) {
        gstate.characterSpacing = spacing.isFinite ? spacing : 0
    }

    /// Where `drawText(_:)` without a point draws, in user space (Apple's `textPosition`).
    public var textPosition: CGPoint {
        get { gstate.textPosition }
        set { gstate.textPosition = newValue }
    }

    /// A text layout with this context's font state.
    public func textLayout(_ string: String, fontName: String? = nil, fontSize: CGFloat? = nil) -> TextLayout {
        var layout = TextLayout(string, fontName: fontName ?? gstate.fontName, fontSize: fontSize ?? gstate.fontSize)
        layout.characterSpacing = gstate.characterSpacing
        return layout
    }

    /// The logical size of one line of `string` (no wrapping) in user-space units, with the
    /// given font or the context's.
    public func measureText(_ string: String, fontName: String? = nil, fontSize: CGFloat? = nil) -> CGSize {
        textLayout(string, fontName: fontName, fontSize: fontSize).measure().size
    }

    /// Draws `string` upright in y-up user space. `point` (default: `textPosition`) is the
    /// left end of the first line's baseline; later lines (after "\n") go down. Colour:
    /// `color`, else the fill colour. Goes through the CTM, global alpha, antialias setting,
    /// blend mode, shadow and mask clip. Leaves the current path untouched.
    public func drawText(_ string: String, at point: CGPoint? = nil, fontName: String? = nil,
                         fontSize: CGFloat? = nil, color: CGColor? = nil) {
        drawText(textLayout(string, fontName: fontName, fontSize: fontSize), at: point ?? textPosition, color: color)
    }

    /// Draws a laid-out paragraph with its first baseline's left end at `point` (user space,
    /// y up). With a `wrapWidth`, lines are aligned within [point.x, point.x + wrapWidth].
    public func drawText(_ text: TextLayout, at point: CGPoint, color: CGColor? = nil) {
        guard point.x.isFinite, point.y.isFinite else { return }
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        text.configure(layout, antialias: antialiases)
        let s = TextLayout.pangoScale
        let baseline = CGFloat(pango_layout_get_baseline(layout)) / s
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        // Ink box from pango's (y down from the top of the layout) to y up from the baseline.
        let inkBox = CGRect(x: CGFloat(ink.x) / s, y: baseline - CGFloat(ink.y + ink.height) / s,
                            width: CGFloat(ink.width) / s, height: CGFloat(ink.height) / s)
        paintGlyphs(at: point, matrix: textMatrix, inkBounds: inkBox) { canvas in
            canvas.setColor(color ?? gstate.fillColor)
            pango_cairo_update_layout(canvas.cr, layout)  // lay out in the text's own space
            cairo_move_to(canvas.cr, 0, -Double(baseline))
            pango_cairo_show_layout(canvas.cr, layout)
        }
    }
}
