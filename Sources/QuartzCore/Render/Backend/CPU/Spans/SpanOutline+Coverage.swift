/// Analytic edge coverage: the exact area of each pixel square inside the quad's soft edges,
/// times whether its centre is inside the hard ones (cairo's aliased clip samples centres).
extension SpanOutline {
    /// Columns of row `y` the quad may touch (`candidates`) and those it covers wholly
    /// (`inner`, a subset), both within `region`.
    func columns(row y: Int) -> (candidates: Range<Int>, inner: Range<Int>) {
        let x0 = Double(region.x), x1 = Double(region.x + region.width)
        var lo = x0, hi = x1, innerLo = x0, innerHi = x1
        let yc = Double(y) + 0.5
        for k in 0..<4 {
            // d(x) = nx·x + base at column x's centre.
            let base = ny[k] * yc + c[k] + 0.5 * nx[k]
            let reach = hard[k] == 1 ? 0 : -half[k], full = soft[k] == 1 ? half[k] : 0
            if nx[k] == 0 {
                if !(base >= reach) { hi = lo }
                if !(base >= full) { innerHi = innerLo }
            } else if nx[k] > 0 {
                lo = max(lo, (reach - base) / nx[k]); innerLo = max(innerLo, (full - base) / nx[k])
            } else {
                hi = min(hi, (reach - base) / nx[k]); innerHi = min(innerHi, (full - base) / nx[k])
            }
        }
        // A thousandth of a pixel of slack for the fixed-point edges (`SpanEdges`): a whole
        // pixel of it sent two full pixels a row through the edge loop, a third of the
        // sprites' frame time.
        let e = Self.slack
        return Self.columns(lo: lo - e, hi: hi + e, innerLo: innerLo + e, innerHi: innerHi - e, x0, x1)
    }

    /// The columns from a row's limits with their slack (`columns(row:)`, `SpanColumns`):
    /// candidates ⌊lo⌋…⌈hi⌉, inner ⌈innerLo⌉…⌊innerHi⌋, within x0…x1.
    @inline(__always) static func columns(lo: Double, hi: Double, innerLo: Double, innerHi: Double,
                                          _ x0: Double, _ x1: Double) -> (candidates: Range<Int>, inner: Range<Int>) {
        let a = column(floor(lo, x0, x1), x0, x1), b = column(ceil(hi, x0, x1), x0, x1)
        let ia = column(ceil(innerLo, x0, x1), x0, x1)
        let ib = column(floor(innerHi, x0, x1) + 1, x0, x1)
        let candidates = a..<max(a, b)
        let inner = max(ia, a)..<max(max(ia, a), min(ib, b))
        return (candidates, inner)
    }

    static let slack = 1e-3

    /// ⌊v⌋ and ⌈v⌉ for `column`: `v` is first clamped to `lo − 2 … hi + 2` (NaN to `lo − 2`),
    /// which changes no column `column` returns (`lo`, `hi` are whole), so that it fits an
    /// Int and needs no libm call (`rounded(.down)` is one on the x86-64 baseline: four a row).
    @inline(__always) static func floor(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        let c = v >= lo - 2 ? Swift.min(v, hi + 2) : lo - 2
        let t = Double(Int(c))
        return t > c ? t - 1 : t
    }

    @inline(__always) static func ceil(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        let c = v >= lo - 2 ? Swift.min(v, hi + 2) : lo - 2
        let t = Double(Int(c))
        return t < c ? t + 1 : t
    }

    /// `v` as a column within `lo…hi` (NaN reads as `lo`).
    @inline(__always) static func column(_ v: Double, _ lo: Double, _ hi: Double) -> Int {
        Int(v >= lo ? min(v, hi) : lo)
    }

    /// Coverage of pixel (x, y), 0…1.
    func coverage(x: Int, y: Int) -> Double {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let d = nx * cx + ny * cy + c
        let cut = SpanCut.mask(d, hard: hardEdges, soft: softEdges, half: half)
        if cut == SpanCut.outside { return 0 }
        if cut == 0 { return 1 }
        if cut & (cut - 1) == 0 {
            // One edge crosses the pixel (most edge pixels): its area in closed form.
            let k = cut.trailingZeroBitCount
            return Self.halfPlaneArea(d[k], nx[k], ny[k])
        }
        return clippedArea(x: Double(x), y: Double(y), edges: cut)
    }

    /// Area of the unit square centred `d` inside an edge with unit normal (nx, ny), for
    /// |d| < (|nx| + |ny|) / 2: linear while the edge crosses two opposite sides of the square,
    /// then a corner triangle of legs t/a and t/b.
    static func halfPlaneArea(_ d: Double, _ nx: Double, _ ny: Double) -> Double {
        let a = Swift.min(Swift.abs(nx), Swift.abs(ny)), b = Swift.max(Swift.abs(nx), Swift.abs(ny))
        let e = Swift.abs(d)
        if e <= (b - a) / 2 { return Swift.min(Swift.max(0.5 + d / b, 0), 1) }
        let t = (a + b) / 2 - e
        let corner = t <= 0 ? 0 : Swift.min(t * t / (2 * a * b), 0.5)
        return d > 0 ? 1 - corner : corner
    }

    /// Area of the unit square at (x, y) inside the edges in the bit set `edges`
    /// (Sutherland–Hodgman: each half-plane adds at most one vertex, so 8 suffice).
    func clippedArea(x: Double, y: Double, edges: Int) -> Double {
        var poly = InlineArray<8, SIMD2<Double>>(repeating: .zero)
        var next = poly
        poly[0] = SIMD2(x, y); poly[1] = SIMD2(x + 1, y); poly[2] = SIMD2(x + 1, y + 1); poly[3] = SIMD2(x, y + 1)
        var n = 4
        for k in 0..<4 where edges & (1 << k) != 0 {
            var m = 0
            for i in 0..<n {
                let p = poly[i], q = poly[i + 1 == n ? 0 : i + 1]
                let dp = nx[k] * p.x + ny[k] * p.y + c[k], dq = nx[k] * q.x + ny[k] * q.y + c[k]
                if dp >= 0, m < 8 { next[m] = p; m += 1 }
                if (dp >= 0) != (dq >= 0), m < 8 { next[m] = p + (q - p) * (dp / (dp - dq)); m += 1 }
            }
            swap(&poly, &next)
            n = m
            if n < 3 { return 0 }
        }
        var twice = 0.0
        for i in 0..<n {
            let p = poly[i], q = poly[i + 1 == n ? 0 : i + 1]
            twice += p.x * q.y - q.x * p.y
        }
        return min(max(abs(twice) / 2, 0), 1)
    }
}
