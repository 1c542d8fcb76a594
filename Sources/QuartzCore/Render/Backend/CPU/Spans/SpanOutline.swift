import CoreGraphics

/// A convex quad's outline as the span loops cut it (`SpanOutline+Coverage`): four half-planes
/// in buffer pixels, which of them are hard, and the pixels it may change. Shared by texture
/// quads (`SpanQuad`) and solid fills (`SpanFill`).
struct SpanOutline {
    /// Inward unit normals and offsets of the edges (minY, maxX, maxY, minX of the local rect):
    /// `nx·x + ny·y + c` is the signed distance in buffer pixels, positive inside.
    var nx, ny, c: SIMD4<Double>
    /// Half the extent of a pixel square along each normal: a pixel whose centre is at least
    /// this far inside an edge is wholly inside it.
    var half: SIMD4<Double>
    /// 1 where the edge is drawn hard (cut at pixel centres), where it is antialiased (partly
    /// covering pixels); an edge may be both (`SpanCut`).
    var hard, soft: SIMD4<Double>
    /// Bit k set where edge k is hard, soft (`SpanCut`).
    var hardEdges: Int { (0..<4).reduce(0) { hard[$1] == 1 ? $0 | 1 << $1 : $0 } }
    var softEdges: Int { (0..<4).reduce(0) { soft[$1] == 1 ? $0 | 1 << $1 : $0 } }
    /// Buffer pixels that may change: the quad's box within `area`.
    let region: PixelRect

    /// The outline of `rect` under `m`, within `area`, its `aliased` edges hard and the others
    /// soft, `alsoSoft` both; nil when a corner is not finite or an edge has no length.
    init?(_ rect: CGRect, _ m: CGAffineTransform, aliased: QuadEdges, alsoSoft: QuadEdges = [], area: PixelRect) {
        let r = rect
        let p = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                 CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(m) }
        self.init(corners: p, aliased: aliased, alsoSoft: alsoSoft, area: area)
    }

    /// The outline of the convex quad with corners `p` in buffer pixels, in the order of a
    /// rect's (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY) corners (so edge k is the
    /// rect's minY, maxX, maxY, minX side), as the affine init; a projected quad
    /// (`SpanProjective`) gives its corners directly.
    init?(corners p: [CGPoint], aliased: QuadEdges, alsoSoft: QuadEdges = [], area: PixelRect) {
        guard p.count == 4, p.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let xs = p.map { Double($0.x) }, ys = p.map { Double($0.y) }
        guard let box = PixelRect(enclosing: CGRect(x: xs.min()! - 1, y: ys.min()! - 1,
                                                    width: xs.max()! - xs.min()! + 2, height: ys.max()! - ys.min()! + 2)),
              let edges = Self.halfPlanes(xs, ys) else { return nil }
        (nx, ny, c) = edges
        half = SIMD4((0..<4).map { 0.5 * (Swift.abs(edges.0[$0]) + Swift.abs(edges.1[$0])) })
        let flags: [QuadEdges] = [.minY, .maxX, .maxY, .minX]
        hard = SIMD4(flags.map { aliased.contains($0) ? 1 : 0 })
        soft = SIMD4(flags.map { !aliased.contains($0) || alsoSoft.contains($0) ? 1 : 0 })
        region = area.intersection(box)
    }

    /// The pixels a quad may draw in: `drawable` within its clip; nil when the clip is not on
    /// whole pixels (cairo's fractional clip is left to cairo).
    static func area(_ q: ResolvedQuad, drawable: PixelRect) -> PixelRect? {
        guard let clip = q.clip else { return drawable }
        guard let pc = PixelRect(enclosing: clip), pc.cgRect == clip else { return nil }
        return drawable.intersection(pc)
    }

    /// Inward unit normals and offsets of the convex quad with corners (xs, ys) in order, or
    /// nil when an edge has no length.
    static func halfPlanes(_ xs: [Double], _ ys: [Double]) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)? {
        let cx = xs.reduce(0, +) / 4, cy = ys.reduce(0, +) / 4
        var nx = SIMD4<Double>(), ny = SIMD4<Double>(), c = SIMD4<Double>()
        for k in 0..<4 {
            let dx = xs[(k + 1) % 4] - xs[k], dy = ys[(k + 1) % 4] - ys[k]
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9, len.isFinite else { return nil }
            var n = SIMD2(-dy / len, dx / len)
            var off = -(n.x * xs[k] + n.y * ys[k])
            if n.x * cx + n.y * cy + off < 0 { n = -n; off = -off }
            nx[k] = n.x; ny[k] = n.y; c[k] = off
        }
        return (nx, ny, c)
    }
}
