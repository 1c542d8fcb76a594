import CQuartzCairo

/// Arcs and ellipses on the current path. Angles are radians measured from the positive x axis
/// towards the positive y axis of (y-up) user space, so increasing angles run counter-clockwise.
extension CGContext {
    /// Adds a circular arc around `center` from `startAngle` to `endAngle`, preceded by a line
    /// from the current point (if any) to the arc's start. `clockwise` is meant as seen in
    /// Apple's y-up user space: false sweeps through increasing angles. A sweep of more than a
    /// full turn draws one full circle. Negative or non-finite radii are ignored.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/addarc(center:radius:startangle:endangle:clockwise:))
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        guard canDraw, radius >= 0, radius.isFinite, startAngle.isFinite, endAngle.isFinite,
              CGContext.isFinite(center), fitsFixedPoint(center: center, radius: radius) else { return }
        let a0 = Double(startAngle), twoPi = 2 * Double.pi
        var a1 = Double(endAngle)
        // cairo's angles live in its user space, which is ours (the y flip is in the base
        // transform), so increasing angles are counter-clockwise here too.
        if clockwise {
            if a0 - a1 > twoPi { a1 = a0 - twoPi }
            cairo_arc_negative(cr, Double(center.x), Double(center.y), Double(radius), a0, a1)
        } else {
            if a1 - a0 > twoPi { a1 = a0 + twoPi }
            cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), a0, a1)
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from `tangent1End` to `tangent2End`, preceded by a straight line from the
    /// current point to the arc's first tangent point. When the three points are collinear or
    /// the radius is zero, adds a line to `tangent1End` instead. Ignored without a current point.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/addarc(tangent1end:tangent2end:radius:))
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard canDraw, hasCurrentPoint, radius >= 0, radius.isFinite, CGContext.isFinite(p1, p2) else { return }
        let p0 = currentPointOfPath
        // Unit vectors from the corner p1 back towards p0 and on towards p2.
        let ux = Double(p0.x - p1.x), uy = Double(p0.y - p1.y), vx = Double(p2.x - p1.x), vy = Double(p2.y - p1.y)
        let lu = hypot(ux, uy), lv = hypot(vx, vy)
        let cross = ux * vy - uy * vx
        guard radius > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else { return addLine(to: p1) }
        let (u1x, u1y, v1x, v1y) = (ux / lu, uy / lu, vx / lv, vy / lv)
        let angle = acos(max(-1, min(1, u1x * v1x + u1y * v1y)))   // corner angle, 0…π
        let r = Double(radius)
        let along = r / tan(angle / 2)                               // corner → tangent points
        let bx = u1x + v1x, by = u1y + v1y, lb = hypot(bx, by)
        let toCenter = r / sin(angle / 2)
        let cx = Double(p1.x) + bx / lb * toCenter, cy = Double(p1.y) + by / lb * toCenter
        guard fitsFixedPoint(p1, p2), fitsFixedPoint(center: CGPoint(x: cx, y: cy), radius: radius) else { return }
        let t1x = Double(p1.x) + u1x * along, t1y = Double(p1.y) + u1y * along
        let t2x = Double(p1.x) + v1x * along, t2y = Double(p1.y) + v1y * along
        let a0 = atan2(t1y - cy, t1x - cx), a1 = atan2(t2y - cy, t2x - cx)
        // A left turn at the corner (p0→p1→p2 counter-clockwise) is traversed counter-clockwise.
        let turnsLeft = (Double(p1.x - p0.x) * vy - Double(p1.y - p0.y) * vx) > 0
        if turnsLeft { cairo_arc(cr, cx, cy, r, a0, a1) } else { cairo_arc_negative(cr, cx, cy, r, a0, a1) }
    }

    /// Adds an ellipse inscribed in `rect` as a closed subpath of four cubic Béziers, in Apple's
    /// element order: starting at (maxX, midY) and passing through (midX, maxY), (minX, midY) and
    /// (midX, minY). (https://developer.apple.com/documentation/coregraphics/cgcontext/addellipse(in:))
    public func addEllipse(in rect: CGRect) {
        guard canDraw, !rect.isNull else { return }
        let r = rect.standardized
        guard CGContext.isFinite(r.origin), r.width.isFinite, r.height.isFinite,
              fitsFixedPoint(CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                             CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)) else { return }
        let k = 0.5522847498307936   // 4/3·(√2 − 1): the usual quarter-circle control distance
        let rx = Double(r.width) / 2, ry = Double(r.height) / 2
        let cx = Double(r.midX), cy = Double(r.midY), kx = k * rx, ky = k * ry
        cairo_move_to(cr, cx + rx, cy)
        cairo_curve_to(cr, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        cairo_curve_to(cr, cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        cairo_curve_to(cr, cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        cairo_curve_to(cr, cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        cairo_close_path(cr)
    }
}
