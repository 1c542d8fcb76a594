import CQuartzCairo
import CQuartzPango
import Foundation

/// The one pango context CoreText lays text out with, behind one lock.
///
/// pango's font maps and contexts are not thread-safe, and CoreText objects are (Apple's are
/// immutable CF types). So every call into pango — layout, and drawing glyphs whose fonts
/// belong to this font map — runs inside `PangoEngine.locked`. Layout is unhinted with glyph
/// positions unrounded, so widths are the fonts' design advances scaled linearly to the size.
enum PangoEngine {
    /// pango measures in 1/1024 points.
    static let unitsPerPoint: Double = 1024
    static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var context: OpaquePointer?
    /// One layout kept between uses: making a pango layout per line costs more than resetting one.
    nonisolated(unsafe) private static var spareLayout: OpaquePointer?

    static func locked<R>(_ body: (_ context: OpaquePointer) -> R) -> R {
        lock.withLock { body(sharedContext()) }
    }

    private static func sharedContext() -> OpaquePointer {
        if let context { return context }
        let fontMap = pango_cairo_font_map_new()!
        let made = pango_font_map_create_context(fontMap)!
        g_object_unref(UnsafeMutableRawPointer(fontMap))  // the context keeps it
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(made, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(made, 0)
        context = made
        return made
    }

    /// A layout of `context`: the spare one when there is one. Call inside `locked`.
    static func takeLayout(_ context: OpaquePointer) -> OpaquePointer {
        guard let spare = spareLayout else { return pango_layout_new(context) }
        spareLayout = nil
        return spare
    }

    /// Gives a layout back for reuse (its settings are reset), or releases it if one is spare.
    static func returnLayout(_ layout: OpaquePointer) {
        locked { _ in
            guard spareLayout == nil else { return g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_attributes(layout, nil)
            pango_layout_set_font_description(layout, nil)
            pango_layout_set_text(layout, "", 0)
            spareLayout = layout
        }
    }

    /// Lets the font map see fonts registered since it was made.
    static func fontsChanged() {
        locked { context in
            pango_fc_font_map_config_changed(OpaquePointer(pango_context_get_font_map(context)))
        }
    }

    static func points(_ units: Int32) -> CGFloat { CGFloat(Double(units) / unitsPerPoint) }
    static func units(_ points: CGFloat) -> Int32 {
        Int32(max(-2e9, min(2e9, (Double(points) * unitsPerPoint).rounded())))
    }
}
