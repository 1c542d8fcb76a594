import Foundation

extension CGPath {
    /// The part of the path between fractions `start` and `end` of its total arc length, over
    /// all subpaths in order (what `CAShapeLayer.strokeStart`/`strokeEnd` stroke). Fractions
    /// are clamped to 0…1; `end ≤ start` gives an empty path; 0…1 gives the receiver itself.
    /// Curves are flattened to within 1/10 000 of the path's size; a closed subpath kept whole
    /// stays closed, a cut one becomes an open polyline. Our addition (Apple has no public
    /// trim; Core Animation does it inside `CAShapeLayer`).
    package func trimmed(from start: Double, to end: Double) -> CGPath {
        let s = min(max(start.isFinite ? start : 0, 0), 1), e = min(max(end.isFinite ? end : 1, 0), 1)
        if s <= 0, e >= 1 { return self }
        guard e > s else { return CGPath(elements: []) }
        let subpaths = flattenedSubpaths(tolerance: relativeTolerance).filter(\.hasSegments)
        let polylines = subpaths.map { $0.closed ? $0.points + [$0.points[0]] : $0.points }
        var total: Double = 0
        for pts in polylines { for i in pts.indices.dropFirst() { total += Double(pts[i - 1].distance(to: pts[i])) } }
        guard total > 0, total.isFinite else { return CGPath(elements: []) }
        let from = s * total, to = e * total
        var out: [PathElement] = []
        var walked: Double = 0
        for (k, pts) in polylines.enumerated() {
            var piece: [CGPoint] = []
            let subStart = walked
            for i in pts.indices.dropFirst() {
                let a = pts[i - 1], b = pts[i]
                let len = Double(a.distance(to: b))
                let a0 = walked, b0 = walked + len
                walked = b0
                guard b0 > from, a0 < to else { continue }
                func point(_ d: Double) -> CGPoint {
                    len > 0 ? a.lerp(b, CGFloat((d - a0) / len)) : a
                }
                if piece.isEmpty { piece.append(a0 >= from ? a : point(from)) }
                piece.append(b0 <= to ? b : point(to))
            }
            guard piece.count > 1 else { continue }
            let whole = subpaths[k].closed && subStart >= from && walked <= to
            out.append(.move(piece[0]))
            for p in piece.dropFirst().dropLast(whole ? 1 : 0) { out.append(.line(p)) }
            if whole { out.append(.close) }
        }
        return CGPath(elements: out)
    }
}
