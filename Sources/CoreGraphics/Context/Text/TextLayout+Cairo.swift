import CQuartzCairo
import CQuartzPango

extension TextLayout {
    /// Lays the text out for `cr` and fills its glyphs with `cr`'s current source, the
    /// layout's top-left corner at the user-space origin, lines going towards +y (pango's
    /// y-down). Glyph outlines go through `cr`'s matrix, so text is as sharp as the device
    /// allows at any scale. For backends that draw with cairo directly (QuartzCore's CPU
    /// compositor); `CGContext.drawText` is the public way.
    package func show(in cr: OpaquePointer) {
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        configure(layout, antialias: true)
        cairo_move_to(cr, 0, 0)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
    }

    /// The ink box of the laid-out text, relative to the layout's top-left corner (y down),
    /// in user-space units.
    package func inkBounds() -> CGRect {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        configure(layout, antialias: true)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let s = TextLayout.pangoScale
        return CGRect(x: CGFloat(ink.x) / s, y: CGFloat(ink.y) / s, width: CGFloat(ink.width) / s,
                      height: CGFloat(ink.height) / s)
    }
}
