import CCairo
import CoreGraphics

/// Sets the current transformation matrix to `t` (Apple's a b c d tx ty are cairo's
/// xx yx xy yy x0 y0: both map column vectors by the same 2 × 3 numbers).
func cairoSetMatrix(_ cr: OpaquePointer, _ t: CGAffineTransform) {
    var m = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
                           x0: Double(t.tx), y0: Double(t.ty))
    cairo_set_matrix(cr, &m)
}

func cairoRectangle(_ cr: OpaquePointer, _ r: CGRect) {
    cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
}

/// Adds `rect` with rounded corners (circular arcs; radii fitted to the rectangle) as a closed
/// subpath. Zero radii give sharp corners.
func cairoRoundedRectangle(_ cr: OpaquePointer, _ rect: CGRect, _ radii: CornerRadii) {
    let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
    let r = radii.fitted(width: x1 - x0, height: y1 - y0)
    guard !r.isZero else { cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0); return }
    let half = Double.pi / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, x1 - r.maxXMinY, y0 + r.maxXMinY, r.maxXMinY, -half, 0)
    cairo_arc(cr, x1 - r.maxXMaxY, y1 - r.maxXMaxY, r.maxXMaxY, 0, half)
    cairo_arc(cr, x0 + r.minXMaxY, y1 - r.minXMaxY, r.minXMaxY, half, 2 * half)
    cairo_arc(cr, x0 + r.minXMinY, y0 + r.minXMinY, r.minXMinY, 2 * half, 3 * half)
    cairo_close_path(cr)
}

/// Sets a solid source: `color` (premultiplied) with its alpha multiplied by `opacity`.
func cairoSetColor(_ cr: OpaquePointer, _ color: PremultipliedColor, opacity: Double) {
    let c = color.straight
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * opacity)
}
