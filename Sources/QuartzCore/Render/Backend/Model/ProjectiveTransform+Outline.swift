import CoreGraphics

extension ProjectiveTransform {
    /// The corners of `rect` mapped to the output plane, clipped to w ≥ ε first
    /// (Sutherland–Hodgman on the plane w = ε in homogeneous coordinates), so a quad crossing
    /// the eye plane keeps only its part in front. ε keeps projected coordinates within ±10⁶ of
    /// the rect's homogeneous size. Empty (or fewer than 3 points) when nothing is in front.
    /// Every backend cuts projective quads this way.
    package func outline(of r: CGRect) -> [CGPoint] {
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
            .map { homogeneous(x: Double($0.0), y: Double($0.1)) }
        let size = corners.map { max(abs($0.x), abs($0.y), abs($0.w)) }.max() ?? 1
        let eps = max(1e-6 * size, 1e-12)
        var clipped: [(x: Double, y: Double, w: Double)] = []
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            if a.w >= eps { clipped.append(a) }
            if (a.w >= eps) != (b.w >= eps) {
                let t = (eps - a.w) / (b.w - a.w)
                clipped.append((a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), eps))
            }
        }
        return clipped.map { CGPoint(x: $0.x / $0.w, y: $0.y / $0.w) }
    }
}
