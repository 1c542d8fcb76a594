import CQuartzCairo
import CQuartzPango

/// Shaped glyphs of one font and colour, positioned along a line: pango's glyph string and
/// font, kept (retained copies) after the layout that made them is gone.
final class GlyphRun: @unchecked Sendable {
    /// Owned references; used only inside `PangoEngine.locked`.
    let font: UnsafeMutablePointer<PangoFont>
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// Start of the run from the line's origin, and its advance, in points.
    let x: CGFloat
    let width: CGFloat
    /// The attributes: colours, stroke, and the font asked for (pango may have drawn with a
    /// fallback).
    let style: RunStyle
    var color: CGColor { style.color }
    var requestedFont: CTFont { style.font }
    /// UTF-16 range in the attributed string the line was made from.
    let stringRange: CFRange

    init(font: UnsafeMutablePointer<PangoFont>, glyphs: UnsafeMutablePointer<PangoGlyphString>,
         x: CGFloat, style: RunStyle, stringRange: CFRange) {
        self.font = font; self.glyphs = glyphs; self.x = x; self.style = style; self.stringRange = stringRange
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
                                  style: style, stringRange: stringRange)
    }

    var glyphCount: Int { Int(glyphs.pointee.num_glyphs) }

    /// Paints the run — filled, outlined or both, as its stroke width says — `dx` points right
    /// of the baseline origin of `cr` (y down), in `color` when given (a text layer's
    /// `foregroundColor` for a plain string), else in the run's own. Holds the engine lock.
    func draw(_ canvas: GlyphCanvas, dx: CGFloat, color: CGColor? = nil) {
        let cr = canvas.cr
        if style.strokeWidth <= 0 {
            canvas.setColor(color ?? style.color)
            cairo_move_to(cr, Double(dx + x), 0)
            pango_cairo_show_glyph_string(cr, font, glyphs)
        }
        guard style.strokeWidth != 0 else { return }
        canvas.setColor(color ?? style.strokeColor)
        cairo_new_path(cr)
        cairo_move_to(cr, Double(dx + x), 0)
        pango_cairo_glyph_string_path(cr, font, glyphs)
        cairo_set_line_width(cr, Double(style.strokeLineWidth))
        cairo_stroke(cr)
    }
}
