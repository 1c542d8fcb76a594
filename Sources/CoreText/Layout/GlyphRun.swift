import CCairo
import CPango

/// Shaped glyphs of one font and colour, positioned along a line: pango's glyph string and
/// font, kept (retained copies) after the layout that made them is gone.
final class GlyphRun: @unchecked Sendable {
    /// Owned references; used only inside `PangoEngine.locked`.
    let font: UnsafeMutablePointer<PangoFont>
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// Start of the run from the line's origin, and its advance, in points.
    let x: CGFloat
    let width: CGFloat
    let color: CGColor
    /// The font the attributes asked for (pango may have drawn with a fallback).
    let requestedFont: CTFont
    /// UTF-16 range in the attributed string the line was made from.
    let stringRange: CFRange

    init(font: UnsafeMutablePointer<PangoFont>, glyphs: UnsafeMutablePointer<PangoGlyphString>,
         x: CGFloat, color: CGColor, requestedFont: CTFont, stringRange: CFRange) {
        self.font = font; self.glyphs = glyphs; self.x = x; self.color = color
        self.requestedFont = requestedFont; self.stringRange = stringRange
        width = PangoEngine.points(pango_glyph_string_get_width(glyphs))
        g_object_ref(UnsafeMutableRawPointer(font))
    }

    deinit {
        PangoEngine.locked { _ in
            g_object_unref(UnsafeMutableRawPointer(font))
            pango_glyph_string_free(glyphs)
        }
    }

    /// The same glyphs `dx` points further along the line.
    func shifted(by dx: CGFloat) -> GlyphRun {
        dx == 0 ? self : GlyphRun(font: font, glyphs: pango_glyph_string_copy(glyphs), x: x + dx,
                                  color: color, requestedFont: requestedFont, stringRange: stringRange)
    }

    var glyphCount: Int { Int(glyphs.pointee.num_glyphs) }

    /// Paints the run with its colour, `dx` points right of the baseline origin of `cr`
    /// (y down). Holds the engine lock.
    func draw(_ canvas: GlyphCanvas, dx: CGFloat) {
        canvas.setColor(color)
        cairo_move_to(canvas.cr, Double(dx + x), 0)
        pango_cairo_show_glyph_string(canvas.cr, font, glyphs)
    }
}
