import CQuartzPixman

/// The perspective interior where the CPU runs AVX2 (`span_projective.h`): every bilinear
/// pixel at its exact texel position, eight at a time (two four-lane divisions), instead of
/// linear pieces whose length the error bound keeps short under strong perspective (at the
/// cards' ±63° most pieces came out under four pixels and took a scalar division each). The
/// kernel reads texels directly, so it draws only the columns whose reads all fall inside
/// the texture's bounds (`Line.inside`); the few at either end of the run read through the
/// edge rule one by one (`exact`), and so do the last under-eight of the middle. The bytes are
/// those of `exact` throughout (same Double arithmetic, same rounding).
extension SpanProjective {
    /// Bilinear pixels `run` (every one wholly inside the quad) of the row at `row`. The kernel
    /// addresses texels with 32-bit vector offsets where every read's offset fits
    /// (`offsets32`, by default `cpu_span_texels_fit32` of the texture's bounds), else lane by
    /// lane in 64 bits.
    @inline(__always) static func drawWide<B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ run: Range<Int>,
                                                        _ line: Line, _ texels: TexelSource, _ m: UInt64, _: B.Type,
                                                        offsets32: Bool? = nil) {
        let fast = line.inside(run, texels)
        guard !fast.isEmpty else { return exact(row, run, line, texels, m, BilinearEdge.self, B.self) }
        exact(row, run.lowerBound..<fast.lowerBound, line, texels, m, BilinearEdge.self, B.self)
        let whole = fast.count & ~7
        if whole > 0 {
            cpu_span_projective_over_wide(row + fast.lowerBound, whole, fast.lowerBound, line.ua, line.va, line.wa,
                                          line.u0, line.v0, line.w0, texels.base.assumingMemoryBound(to: UInt8.self),
                                          texels.stride, UInt32(truncatingIfNeeded: m),
                                          offsets32.map { $0 ? 1 : 0 } ?? cpu_span_texels_fit32(texels.hi.x, texels.hi.y, texels.stride))
        }
        exact(row, (fast.lowerBound + whole)..<fast.upperBound, line, texels, m, BilinearDirect.self, B.self)
        exact(row, fast.upperBound..<run.upperBound, line, texels, m, BilinearEdge.self, B.self)
    }
}

extension SpanProjective.Line {
    /// The columns of `run` whose exact bilinear reads all lie within `t`'s bounds: u = U/W is
    /// monotonic along the row (a ratio of linear functions, W > 0 over the quad), so
    /// `lo + ½ ≤ u < hi + ½` is an interval, and `U ≥ A·W` is linear in x (likewise V). Solved
    /// with a 256th of a texel to spare, then both ends checked at their exact positions with
    /// a margin for the rounding: by monotonicity every column between reads inside too.
    /// Empty where none does or a check fails (the caller then reads through the edge rule).
    func inside(_ run: Range<Int>, _ t: TexelSource) -> Range<Int> {
        guard !run.isEmpty else { return run }
        // Pixel centres xc within [first, last] satisfy every c·xc ≥ d kept so far.
        var first = Double(run.lowerBound) + 0.5, last = Double(run.upperBound) - 0.5
        @inline(__always) func keep(_ c: Double, _ d: Double) {
            if c > 0 { first = max(first, d / c) } else if c < 0 { last = min(last, d / c) } else if !(d <= 0) { last = -.infinity }
        }
        let e = SpanProjective.tolerance
        let (lu, hu) = (Double(t.lo.x) + 0.5 + e, Double(t.hi.x) + 0.5 - e)
        let (lv, hv) = (Double(t.lo.y) + 0.5 + e, Double(t.hi.y) + 0.5 - e)
        keep(ua - lu * wa, lu * w0 - u0); keep(hu * wa - ua, u0 - hu * w0)
        keep(va - lv * wa, lv * w0 - v0); keep(hv * wa - va, v0 - hv * w0)
        let a = max((first - 0.5).rounded(.up), Double(run.lowerBound))
        let b = min((last - 0.5).rounded(.down), Double(run.upperBound - 1))
        guard a <= b else { return run.lowerBound..<run.lowerBound }
        let columns = Int(a)..<(Int(b) + 1)
        guard reads(inside: t, columns.lowerBound), reads(inside: t, columns.upperBound - 1) else {
            return run.lowerBound..<run.lowerBound
        }
        return columns
    }

    /// Whether column x's bilinear read at its exact position lies within `t`'s bounds, with
    /// a 1024th of a texel to spare (the rounding of the columns between).
    @inline(__always) func reads(inside t: TexelSource, _ x: Int) -> Bool {
        let (u, v) = texel(x)
        let fu = SpanQuad.fixed(u) &- 0x8000, fv = SpanQuad.fixed(v) &- 0x8000, margin: Int64 = 64
        return fu >= t.lo.x << 16 + margin && fu <= t.hi.x << 16 - margin
            && fv >= t.lo.y << 16 + margin && fv <= t.hi.y << 16 - margin
    }
}
