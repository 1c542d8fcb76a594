import Foundation

/// Builds the outline of a stroked path as a set of closed polygons (plus discs for round
/// joins and caps) whose union under the non-zero winding rule is the stroke: one rectangle per
/// flattened segment, one piece per join, one per cap. Every piece is oriented
/// counter-clockwise (y up), so overlaps only ever add to the winding number. The outline is
/// not merged into one boundary; Apple's output is likewise meant to be filled, not stroked.
struct PathStroker {
    var halfWidth: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    var out = CGMutablePath()

    init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        self.halfWidth = width / 2; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }

    mutating func stroke(_ subpaths: [FlatSubpath]) {
        for sub in subpaths where sub.hasSegments { stroke(sub) }
    }

    private mutating func stroke(_ sub: FlatSubpath) {
        // Drop repeated points; a dropped curve-interior point must not hide a real corner.
        var pts: [CGPoint] = [], corner: [Bool] = []
        for (p, c) in zip(sub.points, sub.isCorner) {
            if let q = pts.last, q == p { corner[corner.count - 1] = corner[corner.count - 1] || c; continue }
            pts.append(p); corner.append(c)
        }
        if sub.closed, pts.count > 1, pts.last == pts.first { pts.removeLast(); corner.removeLast() }
        guard pts.count > 1 else { dot(at: pts[0]); return }

        let n = pts.count
        let segmentCount = sub.closed ? n : n - 1
        for i in 0..<segmentCount { segment(pts[i], pts[(i + 1) % n]) }
        let joinRange = sub.closed ? 0..<n : 1..<(n - 1)
        for i in joinRange {
            let prev = pts[(i - 1 + n) % n], next = pts[(i + 1) % n]
            joinAt(pts[i], incoming: unit(pts[i].minus(prev)), outgoing: unit(next.minus(pts[i])),
                   style: corner[i] ? join : nil)
        }
        if !sub.closed {
            capAt(pts[0], direction: unit(pts[0].minus(pts[1])))
            capAt(pts[n - 1], direction: unit(pts[n - 1].minus(pts[n - 2])))
        }
    }

    private func unit(_ v: CGPoint) -> CGPoint { v.scaled(1 / v.length) }

    /// The rectangle covering one segment.
    private mutating func segment(_ a: CGPoint, _ b: CGPoint) {
        let offset = unit(b.minus(a)).perpendicular.scaled(halfWidth)
        polygon([a.minus(offset), b.minus(offset), b.plus(offset), a.plus(offset)])
    }

    /// The piece filling the outer gap at a vertex. `style == nil` marks a vertex made by
    /// flattening a curve: there the offset curve is smooth, so a miter (no limit needed for
    /// the small angles flattening makes) or, for sharp ones, a disc fills it.
    private mutating func joinAt(_ v: CGPoint, incoming d0: CGPoint, outgoing d1: CGPoint, style: CGLineJoin?) {
        let turn = d0.cross(d1), along = d0.dot(d1)
        if abs(turn) < 1e-12, along > 0 { return }
        let side: CGFloat = turn > 0 ? -1 : 1   // the outer side is opposite the turn
        let n0 = d0.perpendicular.scaled(side * halfWidth), n1 = d1.perpendicular.scaled(side * halfWidth)
        let p0 = v.plus(n0), p1 = v.plus(n1)
        // Miter length / line width = 1 / cos(φ/2) for a turn φ; cos²(φ/2) = (1 + cos φ) / 2.
        let cosHalfSquared = (1 + along) / 2
        switch style {
        case .round?:
            disc(at: v)
        case .miter? where cosHalfSquared * miterLimit * miterLimit >= 1:
            polygon([v, p0, miterTip(v, n0, n1), p1])
        case .miter?, .bevel?:
            polygon([v, p0, p1])
        case nil:
            if cosHalfSquared > 0.9 { polygon([v, p0, miterTip(v, n0, n1), p1]) } else { disc(at: v) }
        }
    }

    /// Where the two outer offset lines meet: v + (n0 + n1)·h² / (h² + n0·n1).
    private func miterTip(_ v: CGPoint, _ n0: CGPoint, _ n1: CGPoint) -> CGPoint {
        let h2 = halfWidth * halfWidth
        return v.plus(n0.plus(n1).scaled(h2 / (h2 + n0.dot(n1))))
    }

    /// The cap at an open end; `direction` points outward, away from the subpath.
    private mutating func capAt(_ p: CGPoint, direction d: CGPoint) {
        switch cap {
        case .butt: break
        case .round: disc(at: p)
        case .square:
            let along = d.scaled(halfWidth), across = d.perpendicular.scaled(halfWidth)
            polygon([p.minus(across), p.plus(along).minus(across), p.plus(along).plus(across), p.plus(across)])
        }
    }

    /// A zero-length subpath: a disc (round cap), an axis-aligned square (square cap) or nothing.
    private mutating func dot(at p: CGPoint) {
        switch cap {
        case .butt: break
        case .round: disc(at: p)
        case .square:
            out.addRect(CGRect(x: p.x - halfWidth, y: p.y - halfWidth, width: 2 * halfWidth, height: 2 * halfWidth))
        }
    }

    /// A disc of radius half the line width: `addEllipse` runs counter-clockwise (y up).
    private mutating func disc(at p: CGPoint) {
        out.addEllipse(in: CGRect(x: p.x - halfWidth, y: p.y - halfWidth, width: 2 * halfWidth, height: 2 * halfWidth))
    }

    /// A closed polygon, reversed if needed so that it runs counter-clockwise; degenerate
    /// (zero-area) pieces are left out.
    private mutating func polygon(_ pts: [CGPoint]) {
        var area: CGFloat = 0
        for i in pts.indices { area += pts[i].cross(pts[(i + 1) % pts.count]) }
        guard area.isFinite, area != 0 else { return }
        out.addLines(between: area > 0 ? pts : pts.reversed())
        out.closeSubpath()
    }
}
