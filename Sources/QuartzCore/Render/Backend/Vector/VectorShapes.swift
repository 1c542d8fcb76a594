import CoreGraphics

/// The outlines the vector backend draws as paths: rounded rectangles (backgrounds, rounded
/// clips) and border rings — the same geometry as the CPU backend's (`Cairo+Shapes`): radii
/// fitted to the rectangle, circular corners as quarter circles, continuous corners as
/// `ContinuousCorner`'s three cubics.
enum VectorShapes {
    /// `rect` with corners of `radii` (fitted so adjacent corners never overlap), clockwise
    /// in y-down space.
    static func roundedRect(_ rect: CGRect, radii: CornerRadii) -> CGPath {
        let path = CGMutablePath()
        add(rect, radii, to: path)
        return path
    }

    /// The ring a border of `width` paints inside `rect` (fill it even-odd): the outline and,
    /// when the border does not cover everything, the inner outline with radii reduced by
    /// `width`.
    static func border(_ rect: CGRect, width: Double, radii: CornerRadii) -> CGPath {
        let path = CGMutablePath()
        let outer = radii.fitted(width: Double(rect.width), height: Double(rect.height))
        add(rect, outer, to: path)
        let inner = rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
        if !inner.isNull, inner.width > 0, inner.height > 0 { add(inner, outer.inset(by: width), to: path) }
        return path
    }

    private static func add(_ rect: CGRect, _ radii: CornerRadii, to path: CGMutablePath) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        let r = radii.fitted(width: x1 - x0, height: y1 - y0)
        guard !r.isZero else { path.addRect(rect); return }
        // Corner point, the unit vector back along the arriving side, the one along the leaving side.
        let corners: [(Double, Double, (Double, Double), (Double, Double), Double)] = [
            (x1, y0, (-1, 0), (0, 1), r.maxXMinY), (x1, y1, (0, -1), (-1, 0), r.maxXMaxY),
            (x0, y1, (1, 0), (0, -1), r.minXMaxY), (x0, y0, (0, 1), (1, 0), r.minXMinY),
        ]
        for (i, (cx, cy, u, v, radius)) in corners.enumerated() {
            func point(_ p: (Double, Double)) -> CGPoint {
                CGPoint(x: cx + radius * (p.0 * u.0 + p.1 * v.0), y: cy + radius * (p.0 * u.1 + p.1 * v.1))
            }
            let extent = r.isContinuous ? ContinuousCorner.extent : 1
            let start = radius > 0 ? point((extent, 0)) : CGPoint(x: cx, y: cy)
            if i == 0 { path.move(to: start) } else { path.addLine(to: start) }
            guard radius > 0 else { continue }
            if r.isContinuous {
                for s in ContinuousCorner.segments { path.addCurve(to: point(s.end), control1: point(s.c1), control2: point(s.c2)) }
            } else {
                // A quarter circle about the point one radius in from both sides.
                let centre = point((1, 1))
                let a0 = atan2(Double(start.y - centre.y), Double(start.x - centre.x))
                path.addArc(center: centre, radius: CGFloat(radius), startAngle: CGFloat(a0),
                            endAngle: CGFloat(a0 + Double.pi / 2), clockwise: false)
            }
        }
        path.closeSubpath()
    }
}
