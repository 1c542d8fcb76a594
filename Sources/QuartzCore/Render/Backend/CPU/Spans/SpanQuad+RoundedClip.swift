import CoreGraphics

extension SpanQuad {
    /// The local rectangle a quad draws and its edges' rule (`SpanOutline`): the quad's rect with
    /// its aliased edges hard when it has no rounded clip; under one, the rect cut to the clip's
    /// (whose sides are antialiased, as cairo clips them), where a hard side of the quad on the
    /// clip's side is both hard and soft (cairo multiplies the two clips). nil when the clip's
    /// corners are continuous or the quad mixes hard and soft edges (left to cairo: its clip
    /// of such a quad under a rounded one differed by up to a third of an edge pixel), or the
    /// clip leaves nothing.
    static func shape(_ q: ResolvedQuad) -> (rect: CGRect, hard: QuadEdges, both: QuadEdges)? {
        guard let rc = q.roundedClip else { return (q.rect, q.aliasedEdges, []) }
        guard q.aliasedEdges.isEmpty || q.aliasedEdges == .all else { return nil }
        let c = rc.rect.standardized, r = q.rect
        let fitted = rc.radii.fitted(width: Double(c.width), height: Double(c.height))
        guard fitted.isZero || !fitted.isContinuous else { return nil }
        let cut = r.intersection(c)
        guard !cut.isNull, cut.width > 0, cut.height > 0 else { return nil }
        let scale = [r.minX, r.maxX, r.minY, r.maxY].map { abs(Double($0)) }.max() ?? 0
        let tolerance = 1e-9 * max(1, scale)
        var hard: QuadEdges = [], both: QuadEdges = []
        let sides: [(QuadEdges, CGFloat, CGFloat, Double)] = [(.minX, r.minX, c.minX, 1), (.maxX, r.maxX, c.maxX, -1),
                                                              (.minY, r.minY, c.minY, 1), (.maxY, r.maxY, c.maxY, -1)]
        for (edge, own, clip, inward) in sides where q.aliasedEdges.contains(edge) {
            // > 0: the quad's side is inside the clip's.
            let d = (Double(own) - Double(clip)) * inward
            if abs(d) <= tolerance { both.insert(edge) } else if d > 0 { hard.insert(edge) }
        }
        return (cut, hard.union(both), both)
    }
}
