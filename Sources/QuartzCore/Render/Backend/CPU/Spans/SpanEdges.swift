/// The outline's four edges in 16.16 fixed point, for the edge pixels of each row: a row's
/// signed distances are converted once at its first edge pixel (`start`) and then stepped by
/// `step` per column, and a pixel's coverage is computed in integers from them
/// (`coverage8`), the Double polygon clip kept for the rare pixel two edges cross.
struct SpanEdges {
    static let one: Double = 65536
    /// Distances far beyond a pixel are clamped to this (±2^40 fixed, 2^24 px): stepping
    /// across a row of at most 32,767 pixels cannot change their sign.
    static let limit: Int64 = 1 << 40

    /// The per-column change of each edge's distance (its normal's x), fixed point.
    let step: SIMD4<Int64>
    /// Half a pixel's extent along each normal (`SpanOutline.half`), fixed point.
    let half: SIMD4<Int64>
    /// Within `linear` of the edge the covered area is linear in the distance; beyond it,
    /// up to `half`, a corner triangle (`SpanOutline.halfPlaneArea`).
    let linear: SIMD4<Int64>
    /// (a + b) / 2 with a, b the smaller and larger of |nx|, |ny|, fixed point.
    let apex: SIMD4<Int64>
    /// 255 / b and 255 / (2ab) in 16.16 (the second 0 when a is negligible: no corner part).
    let slope: SIMD4<Int64>, corner: SIMD4<Int64>
    /// Bit k set where edge k is hard (cut at pixel centres), where it is soft (`SpanCut`).
    let hard: Int, soft: Int

    init(_ o: SpanOutline) {
        var step = SIMD4<Int64>(), half = step, linear = step, apex = step, slope = step, corner = step
        for k in 0..<4 {
            let a = min(abs(o.nx[k]), abs(o.ny[k])), b = max(abs(o.nx[k]), abs(o.ny[k]))
            step[k] = Self.fixed(o.nx[k])
            half[k] = Self.fixed(o.half[k])
            linear[k] = Self.fixed((b - a) / 2)
            apex[k] = Self.fixed((a + b) / 2)
            slope[k] = Self.fixed(255 / b)
            corner[k] = a < 1e-6 ? 0 : Self.fixed(255 / (2 * a * b))
        }
        (self.step, self.half, self.linear, self.apex, self.slope, self.corner) = (step, half, linear, apex, slope, corner)
        hard = o.hardEdges; soft = o.softEdges
    }

    /// `v` in 16.16, rounded half away from zero (as `rounded()`, without the libm call the
    /// x86-64 baseline makes for it), clamped to ±`limit`; NaN reads as 0.
    @inline(__always) static func fixed(_ v: Double, limit: Int64 = limit) -> Int64 {
        let s = v * one
        guard s > -Double(limit) else { return s.isNaN ? 0 : -limit }
        guard s < Double(limit) else { return limit }
        return Int64(s < 0 ? s - 0.5 : s + 0.5)
    }

    /// The distances to the four edges of the centre of pixel (x, y), fixed point.
    @inline(__always) static func start(_ o: SpanOutline, x: Int, y: Int) -> SIMD4<Int64> {
        let d = o.nx * (Double(x) + 0.5) + o.ny * (Double(y) + 0.5) + o.c
        return SIMD4(fixed(d[0]), fixed(d[1]), fixed(d[2]), fixed(d[3]))
    }

    /// Coverage of the pixel whose centre has distances `d`, 0…255 (the rounded exact area
    /// inside the soft edges, 0 where the centre is outside a hard one). (x, y) names the
    /// pixel for the polygon clip of corner pixels.
    @inline(__always) func coverage8(_ d: SIMD4<Int64>, _ o: SpanOutline, x: Int, y: Int) -> UInt32 {
        let c = coverage8(d)
        return c <= 255 ? c : UInt32(o.clippedArea(x: Double(x), y: Double(y), edges: Int(c & 15)) * 255 + 0.5)
    }

    /// `coverage8(_:_:x:y:)` without the outline: where two or more edges cross the pixel,
    /// 256 + the bit set of those edges, for the caller's polygon clip. The span loops
    /// call this one, so the outline is not passed (and copied) per pixel.
    @inline(__always) func coverage8(_ d: SIMD4<Int64>) -> UInt32 {
        let cut = SpanCut.mask(d, hard: hard, soft: soft, half: half)
        if cut == SpanCut.outside { return 0 }
        if cut == 0 { return 255 }
        if cut & (cut - 1) == 0 { return area8(d, cut.trailingZeroBitCount) }
        return 256 | UInt32(cut)
    }

    /// 255 × the area of the pixel inside edge `k` alone, rounded, for |d| < half.
    @inline(__always) func area8(_ d: SIMD4<Int64>, _ k: Int) -> UInt32 {
        let dk = d[k], e = dk < 0 ? -dk : dk
        if e <= linear[k] {
            // 255 (½ + d / b) + ½.
            let v = (dk &* slope[k] &+ (128 << 32)) >> 32
            return UInt32(min(max(v, 0), 255))
        }
        let t = apex[k] - e
        guard t > 0 else { return dk > 0 ? 255 : 0 }
        // 255 t² / (2ab), at most half the pixel.
        let c = min((((t &* t) >> 16) &* corner[k] &+ (1 << 31)) >> 32, 128)
        return UInt32(dk > 0 ? 255 - c : c)
    }
}
