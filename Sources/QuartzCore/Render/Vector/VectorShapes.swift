import CoreGraphics

/// The outlines `render(in:)` draws as vector paths: rounded rectangles for backgrounds,
/// `masksToBounds` clips and borders.
enum VectorShapes {
    /// Apple's continuous corner reaches this many radii along each edge
    /// (`CALayer.cornerCurveExpansionFactor(.continuous)`).
    static let continuousExtent = 1.528665
    /// Where the continuous corner's control points sit, as a fraction of the way from the
    /// curve's ends to the corner: (4 − 3t)/8 × extent = 1 − 1/√2 puts the curve's midpoint on
    /// the circular corner's 45° point.
    static let continuousControl = (4 - 8 * (1 - 0.5.squareRoot()) / 1.528665) / 3

    /// `rect` with corners of `radii` (fitted so adjacent corners never overlap). Circular
    /// corners are quarter circles. Continuous corners (`CALayerCornerCurve.continuous`,
    /// https://developer.apple.com/documentation/quartzcore/calayercornercurve/continuous)
    /// start `continuousExtent` × r from the corner along each edge, as Apple's
    /// `cornerCurveExpansionFactor` says, and are one cubic whose control points lie on the
    /// edges `continuousControl` of the way towards the corner: the curve leaves the edges
    /// gradually (its curvature grows from nearly zero instead of jumping to 1/r) and its 45°
    /// point is the circular corner's (r(1 − 1/√2) from each edge). Apple does not document its
    /// exact curve; this is our approximation of it.
    static func roundedRect(_ rect: CGRect, radii: CornerRadii, continuous: Bool) -> CGPath {
        let path = CGMutablePath()
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        var r = radii.fitted(width: x1 - x0, height: y1 - y0)
        guard !r.isZero else { path.addRect(rect); return path }
        if continuous {
            // The extent, not the radius, must fit the sides.
            let e = continuousExtent
            let fit = CornerRadii(minXMinY: r.minXMinY * e, maxXMinY: r.maxXMinY * e,
                                  maxXMaxY: r.maxXMaxY * e, minXMaxY: r.minXMaxY * e)
                .fitted(width: x1 - x0, height: y1 - y0)
            r = fit
            let t = CGFloat(continuousControl)
            func corner(_ c: CGPoint, from a: CGPoint, to b: CGPoint) {
                path.addLine(to: a)
                path.addCurve(to: b, control1: CGPoint(x: a.x + (c.x - a.x) * t, y: a.y + (c.y - a.y) * t),
                              control2: CGPoint(x: b.x + (c.x - b.x) * t, y: b.y + (c.y - b.y) * t))
            }
            path.move(to: CGPoint(x: x0 + r.minXMinY, y: y0))
            corner(CGPoint(x: x1, y: y0), from: CGPoint(x: x1 - r.maxXMinY, y: y0), to: CGPoint(x: x1, y: y0 + r.maxXMinY))
            corner(CGPoint(x: x1, y: y1), from: CGPoint(x: x1, y: y1 - r.maxXMaxY), to: CGPoint(x: x1 - r.maxXMaxY, y: y1))
            corner(CGPoint(x: x0, y: y1), from: CGPoint(x: x0 + r.minXMaxY, y: y1), to: CGPoint(x: x0, y: y1 - r.minXMaxY))
            corner(CGPoint(x: x0, y: y0), from: CGPoint(x: x0, y: y0 + r.minXMinY), to: CGPoint(x: x0 + r.minXMinY, y: y0))
            path.closeSubpath()
            return path
        }
        let half = CGFloat.pi / 2
        func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ start: CGFloat) {
            if radius > 0 {
                path.addArc(center: CGPoint(x: cx, y: cy), radius: CGFloat(radius), startAngle: start,
                            endAngle: start + half, clockwise: false)
            } else {
                path.addLine(to: CGPoint(x: cx, y: cy))
            }
        }
        path.move(to: CGPoint(x: x0 + r.minXMinY, y: y0))
        arc(x1 - r.maxXMinY, y0 + r.maxXMinY, r.maxXMinY, -half)
        arc(x1 - r.maxXMaxY, y1 - r.maxXMaxY, r.maxXMaxY, 0)
        arc(x0 + r.minXMaxY, y1 - r.minXMaxY, r.minXMaxY, half)
        arc(x0 + r.minXMinY, y0 + r.minXMinY, r.minXMinY, 2 * half)
        path.closeSubpath()
        return path
    }

    /// The ring a border of `width` paints inside `rect` (fill it even-odd): the outline and,
    /// when the border does not cover everything, the inner outline with radii reduced by
    /// `width` (as the compositor draws borders).
    static func border(_ rect: CGRect, width: Double, radii: CornerRadii, continuous: Bool) -> CGPath {
        let path = CGMutablePath()
        let outer = radii.fitted(width: Double(rect.width), height: Double(rect.height))
        path.addPath(roundedRect(rect, radii: outer, continuous: continuous))
        let inner = rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
        if !inner.isNull, inner.width > 0, inner.height > 0 {
            path.addPath(roundedRect(inner, radii: outer.inset(by: width), continuous: continuous))
        }
        return path
    }
}
