import CQuartzCairo
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
    if r.isContinuous { cairoContinuousRoundedRectangle(cr, x0, y0, x1, y1, r); return }
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

/// The continuous-corner outline (see `ContinuousCorner`), clockwise in y-down pixels like the
/// circular one. `r` is already fitted to the rectangle.
private func cairoContinuousRoundedRectangle(_ cr: OpaquePointer, _ x0: Double, _ y0: Double,
                                             _ x1: Double, _ y1: Double, _ r: CornerRadii) {
    // Corner point, the unit vector back along the arriving side, the one along the leaving side.
    let corners: [(Double, Double, (Double, Double), (Double, Double), Double)] = [
        (x1, y0, (-1, 0), (0, 1), r.maxXMinY), (x1, y1, (0, -1), (-1, 0), r.maxXMaxY),
        (x0, y1, (1, 0), (0, -1), r.minXMaxY), (x0, y0, (0, 1), (1, 0), r.minXMinY),
    ]
    cairo_new_sub_path(cr)
    for (i, (cx, cy, u, v, radius)) in corners.enumerated() {
        func point(_ p: (Double, Double)) -> (Double, Double) {
            (cx + radius * (p.0 * u.0 + p.1 * v.0), cy + radius * (p.0 * u.1 + p.1 * v.1))
        }
        let start = radius > 0 ? point((ContinuousCorner.extent, 0)) : (cx, cy)
        if i == 0 { cairo_move_to(cr, start.0, start.1) } else { cairo_line_to(cr, start.0, start.1) }
        guard radius > 0 else { continue }
        for s in ContinuousCorner.segments {
            let a = point(s.c1), b = point(s.c2), e = point(s.end)
            cairo_curve_to(cr, a.0, a.1, b.0, b.1, e.0, e.1)
        }
    }
    cairo_close_path(cr)
}
