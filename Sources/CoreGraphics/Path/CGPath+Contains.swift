extension CGPath {
    /// Whether `point`, first mapped by `transform` (as Apple's page says), lies inside the
    /// area the path would fill under `rule`.
    ///
    /// Every subpath counts as closed, as for filling. Curves are flattened to chords within
    /// 1/10 000 of the path's larger control-box side (0.01 point for a 100-point shape), so
    /// points closer than that to a curve may be classified either way; points exactly on an
    /// edge follow the half-open crossing rule (a point on a left or bottom edge of a
    /// rectangle is inside, on a right or top edge outside). Non-finite points are outside.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/contains(_:using:transform:))
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        guard p.isFinite, !elements.isEmpty else { return false }
        let box = boundingBox
        guard p.x >= box.minX, p.x <= box.maxX, p.y >= box.minY, p.y <= box.maxY else { return false }
        let winding = Self.windingNumber(of: p, in: flattenedSubpaths(tolerance: relativeTolerance))
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// The winding number of `p` with respect to the polygons (each implicitly closed): the
    /// signed count of edges crossing the horizontal ray to the right of `p`, upward +1,
    /// downward −1 (so a counter-clockwise loop in y-up space gives +1).
    static func windingNumber(of p: CGPoint, in subpaths: [FlatSubpath]) -> Int {
        var winding = 0
        for sub in subpaths where sub.points.count > 1 {
            let pts = sub.points
            var a = pts[pts.count - 1]
            for b in pts {
                defer { a = b }
                if a.y <= p.y {
                    if b.y > p.y, b.minus(a).cross(p.minus(a)) > 0 { winding += 1 }
                } else if b.y <= p.y, b.minus(a).cross(p.minus(a)) < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }
}
