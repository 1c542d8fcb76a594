import CPixman

/// A texture quad's edges and texels as the C edge loop reads them (`CPixman/span_edge.h`):
/// the edge pixels of a row side, a run per call instead of a Swift loop per pixel, bit for bit
/// `SpanEdges.coverage8`, `TexelSource.sample` and `SpanPixel.over` (`SpanEdgeKernelTests`).
/// The cut rule (`SpanCut`) is folded into two thresholds per edge: outside at or below `out`,
/// crossed below `in`. A pixel two edges cross is handed back (`run` returns its index).
struct SpanEdgeKernel {
    var quad = cpu_edge_quad()

    init(_ edges: SpanEdges, _ texels: TexelSource, opacity8: UInt32) {
        var out = SIMD4<Int64>(repeating: .min), inside = out
        for k in 0..<4 {
            let hard = edges.hard & (1 << k) != 0, soft = edges.soft & (1 << k) != 0
            // Hard: outside when d < 0, i.e. d ≤ −1 (whole 16.16 units); soft: when d ≤ −half.
            if hard { out[k] = -1 }
            if soft { out[k] = max(out[k], -edges.half[k]); inside[k] = edges.half[k] }
        }
        quad.step = Self.tuple(edges.step); quad.out = Self.tuple(out); quad.in = Self.tuple(inside)
        quad.linear = Self.tuple(edges.linear); quad.apex = Self.tuple(edges.apex)
        quad.slope = Self.tuple(edges.slope); quad.corner = Self.tuple(edges.corner)
        quad.base = texels.base.assumingMemoryBound(to: UInt8.self); quad.stride = texels.stride
        quad.lox = texels.lo.x; quad.loy = texels.lo.y; quad.hix = texels.hi.x; quad.hiy = texels.hi.y
        quad.opacity8 = opacity8
        quad.bilinear = texels.bilinear ? 1 : 0; quad.clamp = texels.clamp ? 1 : 0
    }

    static func tuple(_ v: SIMD4<Int64>) -> (Int64, Int64, Int64, Int64) { (v[0], v[1], v[2], v[3]) }

    /// Draws the `count` pixels from `p`, the i-th at distances d0 + step·(k0 + i) and texel
    /// (u, v) + (su, sv)·(k0 + i), with the constants at `q` (a `quad`); returns the index of
    /// the first one two edges cross (not drawn), or `count`.
    @inline(__always) static func run(_ q: UnsafePointer<cpu_edge_quad>, _ p: UnsafeMutablePointer<UInt32>, count: Int,
                                      k0: Int64, d0: SIMD4<Int64>, u: Int64, v: Int64, su: Int64, sv: Int64) -> Int {
        withUnsafeBytes(of: d0) { bytes in
            cpu_edge_run(p, count, k0, bytes.baseAddress!.assumingMemoryBound(to: Int64.self), u, v, su, sv, q)
        }
    }
}
