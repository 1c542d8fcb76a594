/// A timing function's curve as plain numbers: what `CAMediaTimingFunction.output(at:)` evaluates
/// (the one implementation). One immutable object per timing function (the named functions'
/// are shared statics), which compiled animations reference: 10,000 animations with the same
/// function read one table that stays in cache, not 10,000 copies of it.
///
/// Solving x(t) = x for the Bézier parameter t is most of an eased animation's cost per frame, so
/// the curve keeps the cubic's polynomial coefficients and a table of t at `steps + 1` evenly
/// spaced x, made once by the reference solver (`CAMediaTimingFunction.solveParameter`), with
/// the slope dt/dx = 1 / x′(t) at each. A solve interpolates the table with the cubic Hermite
/// through the two nodes and their slopes (within about 1e-9 of the root: usually one Newton
/// step is left; linear interpolation near a flat x′, where a slope is unbounded) and refines with
/// Newton steps to |x(t) − x| < 1e-12, the reference solver's own tolerance; where Newton cannot
/// (a flat slope at an end whose control x is 0 or 1) it falls back on the reference solver.
/// `TimingCurveTests` compares both.
final class TimingCurve: Sendable {
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    /// x(t) = ((ax·t + bx)·t + cx)·t, and y(t) likewise.
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    private let isLinear: Bool
    /// t at x = i / steps.
    private let table: InlineArray<33, Double>
    /// dt/dx at each node times the node spacing (the Hermite tangent); infinite where x′ is
    /// too flat for it.
    private let tangents: InlineArray<33, Double>
    static let steps = 32

    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        let cx = 3 * c1x, bx = 3 * (c2x - c1x) - 3 * c1x, ax = 1 - 3 * c1x - (3 * (c2x - c1x) - 3 * c1x)
        self.cx = cx; self.bx = bx; self.ax = ax
        cy = 3 * c1y; by = 3 * (c2y - c1y) - 3 * c1y; ay = 1 - 3 * c1y - (3 * (c2y - c1y) - 3 * c1y)
        isLinear = c1x == c1y && c2x == c2y   // the curve is the diagonal
        let table = InlineArray<33, Double> { i in
            i == 0 ? 0 : i == Self.steps ? 1
                : CAMediaTimingFunction.solveParameter(forX: Double(i) / Double(Self.steps), c1: c1x, c2: c2x)
        }
        self.table = table
        tangents = InlineArray { i in
            let t = table[i], slope = (3 * ax * t + 2 * bx) * t + cx
            return slope > 1e-3 ? 1 / (slope * Double(Self.steps)) : .infinity
        }
    }

    /// A named function's curve from its Float control points (as `init(controlPoints:)` stores them).
    private convenience init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
    }

    // Apple's documented control points (CAMediaTimingFunctionName), made once.
    static let linear = TimingCurve(0, 0, 1, 1)
    static let easeIn = TimingCurve(0.42, 0, 1, 1)
    static let easeOut = TimingCurve(0, 0, 0.58, 1)
    static let easeInEaseOut = TimingCurve(0.42, 0, 0.58, 1)
    static let `default` = TimingCurve(0.25, 0.1, 0.25, 1)

    /// y at time fraction `x`: 0 at or below 0 (and for NaN), 1 at or above 1.
    @inline(__always) func output(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        let t = parameter(forX: x)
        return ((ay * t + by) * t + cy) * t
    }

    /// The t in 0…1 with |x(t) − x| < 1e-12, for x in (0, 1).
    @inline(__always) func parameter(forX x: Double) -> Double {
        let s = x * Double(Self.steps)
        let i = min(Int(s), Self.steps - 1)
        let t0 = table[i], t1 = table[i + 1], m0 = tangents[i], m1 = tangents[i + 1]
        let u = s - Double(i)
        var t: Double
        if m0.isFinite && m1.isFinite {
            // Cubic Hermite, kept within the segment's nodes (x(t) is monotonic, so the root is).
            let u2 = u * u, u3 = u2 * u
            let h = (2 * u3 - 3 * u2 + 1) * t0 + (u3 - 2 * u2 + u) * m0 + (3 * u2 - 2 * u3) * t1 + (u3 - u2) * m1
            t = min(max(h, t0), t1)
        } else {
            t = t0 + (t1 - t0) * u
        }
        for _ in 0..<4 {
            let err = ((ax * t + bx) * t + cx) * t - x
            if abs(err) < 1e-12 { return t }
            let d = (3 * ax * t + 2 * bx) * t + cx
            guard abs(d) >= 1e-9 else { break }
            t -= err / d
            guard t >= 0, t <= 1 else { break }
        }
        return CAMediaTimingFunction.solveParameter(forX: x, c1: c1x, c2: c2x)
    }
}
