/// Names of Apple's predefined timing functions
/// (https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName("linear")
    public static let easeIn = CAMediaTimingFunctionName("easeIn")
    public static let easeOut = CAMediaTimingFunctionName("easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName("default")
}

/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping the
/// fraction of time elapsed (x) to the fraction of change (y).
///
/// Control points of the named functions are Apple's documented ones: linear (0,0)(1,1),
/// easeIn (0.42,0)(1,1), easeOut (0,0)(0.58,1), easeInEaseOut (0.42,0)(0.58,1),
/// default (0.25,0.1)(0.25,1). Immutable and Sendable.
/// Follows https://developer.apple.com/documentation/quartzcore/camediatimingfunction.
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// Control points 1 and 2 as Apple stores them (Float).
    let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    /// The control points as a value with its solver's table, made once (compiled animations
    /// keep it so a frame reads no object).
    let curve: TimingCurve

    /// A timing function with control points (c1x, c1y) and (c2x, c2y). x values are clamped
    /// to 0…1 so the curve stays a function of time (Apple requires them in that range).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func clampX(_ v: Float) -> Float { v.isFinite ? min(max(v, 0), 1) : 0 }
        func finite(_ v: Float) -> Float { v.isFinite ? v : 0 }
        self.c1x = clampX(c1x); self.c1y = finite(c1y); self.c2x = clampX(c2x); self.c2y = finite(c2y)
        curve = TimingCurve(c1x: Double(self.c1x), c1y: Double(self.c1y), c2x: Double(self.c2x), c2y: Double(self.c2y))
    }

    private init(named curve: TimingCurve) {
        c1x = Float(curve.c1x); c1y = Float(curve.c1y); c2x = Float(curve.c2x); c2y = Float(curve.c2y)
        self.curve = curve
    }

    /// One of Apple's predefined functions; an unknown name gives `.default`'s curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(named: TimingCurve.linear)
        case .easeIn: self.init(named: TimingCurve.easeIn)
        case .easeOut: self.init(named: TimingCurve.easeOut)
        case .easeInEaseOut: self.init(named: TimingCurve.easeInEaseOut)
        default: self.init(named: TimingCurve.default)
        }
    }

    /// Writes control point `idx` (0…3: start (0,0), c1, c2, end (1,1)) into `ptr[0]`, `ptr[1]`.
    /// Indices outside 0…3 leave `ptr` untouched (Apple raises an exception).
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Float, Float)
        switch idx {
        case 0: p = (0, 0)
        case 1: p = (c1x, c1y)
        case 2: p = (c2x, c2y)
        case 3: p = (1, 1)
        default: return
        }
        ptr[0] = p.0; ptr[1] = p.1
    }

    /// The curve's output for input time fraction `x` (clamped to 0…1): solves x(t) = x for the
    /// Bézier parameter t to 1e-12 in x (`TimingCurve`) and returns y(t).
    public func output(at x: Double) -> Double { curve.output(at: x) }

    /// B(t) for one coordinate of a cubic from 0 to 1 with control values p1, p2.
    @inline(__always) static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    @inline(__always) static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The t in 0…1 with x(t) = x. x(t) is monotonic because both control x values are in 0…1.
    /// The reference solver (Newton from t = x, bisection when that fails): `TimingCurve` makes
    /// its table with it and falls back on it.
    static func solveParameter(forX x: Double, c1: Double, c2: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, c1, c2) - x
            if abs(err) < 1e-12 { return t }
            let d = derivative(t, c1, c2)
            if abs(d) < 1e-9 { break }
            let next = t - err / d
            if next < 0 || next > 1 { break }
            t = next
        }
        // Bisection: always converges.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = bezier(t, c1, c2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    public static func == (l: CAMediaTimingFunction, r: CAMediaTimingFunction) -> Bool {
        l.c1x == r.c1x && l.c1y == r.c1y && l.c2x == r.c2x && l.c2y == r.c2y
    }
    public func hash(into h: inout Hasher) { h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y) }
    public var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
