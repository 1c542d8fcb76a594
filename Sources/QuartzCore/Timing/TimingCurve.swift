/// A timing function's curve as plain numbers: what `CAMediaTimingFunction.output(at:)` evaluates
/// (the one implementation), kept by compiled animations so a frame reads no object.
///
/// Solving x(t) = x for the Bézier parameter t is most of an eased animation's cost per frame, so
/// the curve keeps the cubic's polynomial coefficients and a table of t at `steps + 1` evenly
/// spaced x, made once by the reference solver (`CAMediaTimingFunction.solveParameter`). A solve
/// interpolates the table and refines with Newton steps to |x(t) − x| < 1e-12, the reference
/// solver's own tolerance (usually two steps); where Newton cannot (a flat slope at an end whose
/// control x is 0 or 1) it falls back on the reference solver. `TimingCurveTests` compares both.
struct TimingCurve: Sendable {
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    /// x(t) = ((ax·t + bx)·t + cx)·t, and y(t) likewise.
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    private let isLinear: Bool
    /// t at x = i / steps.
    private let table: InlineArray<17, Double>
    static let steps = 16

    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        cx = 3 * c1x; bx = 3 * (c2x - c1x) - 3 * c1x; ax = 1 - 3 * c1x - (3 * (c2x - c1x) - 3 * c1x)
        cy = 3 * c1y; by = 3 * (c2y - c1y) - 3 * c1y; ay = 1 - 3 * c1y - (3 * (c2y - c1y) - 3 * c1y)
        isLinear = c1x == c1y && c2x == c2y   // the curve is the diagonal
        table = InlineArray { i in
            i == 0 ? 0 : i == Self.steps ? 1
                : CAMediaTimingFunction.solveParameter(forX: Double(i) / Double(Self.steps), c1: c1x, c2: c2x)
        }
    }

    /// A named function's curve from its Float control points (as `init(controlPoints:)` stores them).
    private init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
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
        let t0 = table[i], t1 = table[i + 1]
        var t = t0 + (t1 - t0) * (s - Double(i))
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
