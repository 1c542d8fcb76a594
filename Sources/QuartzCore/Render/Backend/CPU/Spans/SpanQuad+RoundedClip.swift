import CoreGraphics

extension SpanQuad {
    /// The local rectangle a quad draws and its edges' rule (`SpanOutline`): the quad's rect with
    /// its aliased edges hard when it has no rounded clip; under one, the rect cut to the clip's
    /// (whose sides are antialiased, as cairo clips them), where a hard side of the quad on the
    /// clip's side is both hard and soft (cairo multiplies the two clips). `sampled` is the
    /// rectangle the round corners' samples are taken in (`SpanCorners`): `rect` with its
    /// hard-only sides moved out to the clip's, as cairo's hard cut decides a pixel by its
    /// centre and the rest of it is the clip's. nil when the quad mixes hard and soft edges
    /// (left to cairo: its clip of such a quad under a rounded one differed by up to a third of
    /// an edge pixel), a hard side lies within a pixel of the clip's side without being on it
    /// (both would cut the same pixels, and the outline has one edge per side), or the clip
    /// leaves nothing.
    static func shape(_ q: ResolvedQuad) -> (rect: CGRect, hard: QuadEdges, both: QuadEdges, sampled: CGRect)? {
        guard let rc = q.roundedClip else { return (q.rect, q.aliasedEdges, [], q.rect) }
        guard q.aliasedEdges.isEmpty || q.aliasedEdges == .all, let m = q.transform.affine else { return nil }
        let c = rc.rect.standardized, r = q.rect
        let cut = r.intersection(c)
        guard !cut.isNull, cut.width > 0, cut.height > 0 else { return nil }
        let scale = [r.minX, r.maxX, r.minY, r.maxY].map { abs(Double($0)) }.max() ?? 0
        let tolerance = 1e-9 * max(1, scale)
        // Local units per device pixel at most (the inverse's Frobenius norm bounds its stretch).
        let i = m.inverted()
        let perPixel = Double((i.a * i.a + i.b * i.b + i.c * i.c + i.d * i.d).squareRoot())
        var hard: QuadEdges = [], both: QuadEdges = []
        var sampled = cut
        let sides: [(QuadEdges, CGFloat, CGFloat, Double)] = [(.minX, r.minX, c.minX, 1), (.maxX, r.maxX, c.maxX, -1),
                                                              (.minY, r.minY, c.minY, 1), (.maxY, r.maxY, c.maxY, -1)]
        for (edge, own, clip, inward) in sides where q.aliasedEdges.contains(edge) {
            // > 0: the quad's side is inside the clip's.
            let d = (Double(own) - Double(clip)) * inward
            if abs(d) <= tolerance { both.insert(edge); continue }
            guard !(abs(d) < perPixel) else { return nil }
            if d > 0 { hard.insert(edge); sampled = CPUCompositor.grow(sampled, edge, by: CGFloat(d)) }
        }
        return (cut, hard.union(both), both, sampled)
    }
}
