/// The cubic keyframe modes (`.cubic`, `.cubicPaced`): a Kochanek–Bartels (tension, continuity,
/// bias) spline through the keyframe values, as Apple documents for `CAAnimationCalculationMode.cubic`
/// ("a Catmull-Rom spline … modified using the standard Kochanek-Bartels form";
/// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubic).
/// Pure functions on component vectors (`[Double]`, one entry per component).
///
/// - Each segment i → i+1 is a cubic Hermite curve from value i to value i+1 with the outgoing
///   tangent of key i and the incoming tangent of key i+1; with all parameters 0 it is the
///   Catmull-Rom spline (tangent ½(p[i+1] − p[i−1])).
/// - Tangents are measured per segment (the Hermite parameter runs 0…1 across each segment).
///   When key times are unevenly spaced, they are scaled by Kochanek and Bartels' speed
///   adjustment (2·Δt_out/(Δt_in + Δt_out) for the outgoing tangent, 2·Δt_in/(Δt_in + Δt_out)
///   for the incoming one) so the velocity is continuous across keys in time.
/// - End tangents: Apple does not document them. We reflect the missing neighbour
///   (p[−1] = 2·p[0] − p[1], p[n] = 2·p[n−1] − p[n−2], with the neighbouring segment's duration),
///   so the spline leaves the first key and arrives at the last one along the straight line to
///   its neighbour; a two-value cubic animation is then exactly linear (easing is left to the
///   timing functions).
/// - Tension, continuity and bias come from `tensionValues`, `continuityValues`, `biasValues`,
///   one per key; a missing entry is 0 (Apple's documented default).
enum KeyframeSpline {
    /// Per-key tension, continuity and bias (missing entries read as 0).
    struct Parameters: Equatable {
        var tension: [Double] = []
        var continuity: [Double] = []
        var bias: [Double] = []

        func tcb(_ i: Int) -> (t: Double, c: Double, b: Double) {
            func at(_ a: [Double]) -> Double { i < a.count && a[i].isFinite ? a[i] : 0 }
            return (at(tension), at(continuity), at(bias))
        }
    }

    /// The value of segment `i` (keys i and i+1) at local parameter `s` (0…1) of the spline
    /// through `p` at key times `k` (same count as `p`, at least 2; non-decreasing).
    static func value(_ p: [[Double]], keyTimes k: [Double], parameters: Parameters,
                      segment i: Int, local s: Double) -> [Double] {
        let n = p.count
        guard n >= 2, k.count == n, i >= 0, i < n - 1 else { return p.first ?? [] }
        let out = outgoingTangent(p, k, parameters, at: i)
        let inc = incomingTangent(p, k, parameters, at: i + 1)
        // Cubic Hermite basis.
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return (0..<p[i].count).map { c in
            h00 * p[i][c] + h10 * out[c] + h01 * p[i + 1][c] + h11 * inc[c]
        }
    }

    /// The tangent leaving key `i` (start of segment i → i+1).
    static func outgoingTangent(_ p: [[Double]], _ k: [Double], _ params: Parameters, at i: Int) -> [Double] {
        let (t, c, b) = params.tcb(i)
        let (prev, next, dtIn, dtOut) = neighbours(p, k, i)
        let a = (1 - t) * (1 + b) * (1 + c) / 2, d = (1 - t) * (1 - b) * (1 - c) / 2
        let scale = speedAdjustment(dtOut, dtIn)
        return (0..<p[i].count).map { x in
            scale * (a * (p[i][x] - prev[x]) + d * (next[x] - p[i][x]))
        }
    }

    /// The tangent arriving at key `i` (end of segment i−1 → i).
    static func incomingTangent(_ p: [[Double]], _ k: [Double], _ params: Parameters, at i: Int) -> [Double] {
        let (t, c, b) = params.tcb(i)
        let (prev, next, dtIn, dtOut) = neighbours(p, k, i)
        let a = (1 - t) * (1 + b) * (1 - c) / 2, d = (1 - t) * (1 - b) * (1 + c) / 2
        let scale = speedAdjustment(dtIn, dtOut)
        return (0..<p[i].count).map { x in
            scale * (a * (p[i][x] - prev[x]) + d * (next[x] - p[i][x]))
        }
    }

    /// The keys around `i` (reflected past the ends) and the durations of the segments before
    /// and after it.
    private static func neighbours(_ p: [[Double]], _ k: [Double], _ i: Int)
        -> (prev: [Double], next: [Double], dtIn: Double, dtOut: Double) {
        let n = p.count
        let prev = i > 0 ? p[i - 1] : zip(p[0], p[1]).map { 2 * $0 - $1 }
        let next = i < n - 1 ? p[i + 1] : zip(p[n - 1], p[n - 2]).map { 2 * $0 - $1 }
        let dtIn = i > 0 ? k[i] - k[i - 1] : k[1] - k[0]
        let dtOut = i < n - 1 ? k[i + 1] - k[i] : k[n - 1] - k[n - 2]
        return (prev, next, dtIn, dtOut)
    }

    /// Kochanek–Bartels' factor for a tangent used over a segment of duration `own` whose key
    /// also borders a segment of duration `other`; 1 for evenly spaced keys.
    private static func speedAdjustment(_ own: Double, _ other: Double) -> Double {
        let sum = own + other
        return sum > 0 && sum.isFinite ? 2 * own / sum : 1
    }
}

/// Values the cubic keyframe modes can run through: a fixed number of real components.
/// Numbers, points, sizes, rects and colours conform; transforms do not (they interpolate
/// decomposed, so cubic modes fall back to linear for them).
protocol SplineVector {
    var splineComponents: [Double] { get }
    /// The value from components produced by the spline (same count as `splineComponents`).
    static func fromSplineComponents(_ c: [Double]) -> Self
}

extension CGFloat: SplineVector {
    var splineComponents: [Double] { [Double(self)] }
    static func fromSplineComponents(_ c: [Double]) -> CGFloat { CGFloat(c[0]) }
}

extension CGPoint: SplineVector {
    var splineComponents: [Double] { [Double(x), Double(y)] }
    static func fromSplineComponents(_ c: [Double]) -> CGPoint { CGPoint(x: c[0], y: c[1]) }
}

extension CGSize: SplineVector {
    var splineComponents: [Double] { [Double(width), Double(height)] }
    static func fromSplineComponents(_ c: [Double]) -> CGSize { CGSize(width: c[0], height: c[1]) }
}

extension CGRect: SplineVector {
    var splineComponents: [Double] { [Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)] }
    static func fromSplineComponents(_ c: [Double]) -> CGRect { CGRect(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

extension CGColor: SplineVector {
    /// Straight sRGB components and alpha, as linear colour interpolation uses.
    var splineComponents: [Double] { let c = rgba; return [Double(c.r), Double(c.g), Double(c.b), Double(c.a)] }
    /// Components are clamped to 0…1: a spline may overshoot, and a colour cannot.
    static func fromSplineComponents(_ c: [Double]) -> Self {
        func clamp(_ x: Double) -> CGFloat { CGFloat(min(1, max(0, x))) }
        return CGColor(srgbRed: clamp(c[0]), green: clamp(c[1]), blue: clamp(c[2]), alpha: clamp(c[3])) as! Self
    }
}
