/// What one rounded corner cuts off, in its corner frame: `a` and `b` are the distances (in
/// radii) from the corner point along its two sides, inwards. Both corner kinds cut a down-set
/// (if (a, b) is cut, so is every (a′ ≤ a, b′ ≤ b) of the corner square), which lets the span
/// loops decide a whole pixel from two points (`SpanCorners.coverage8`). Negative a or b (beyond
/// the corner's sides) count as cut, which keeps the down-set; such points are outside the
/// rectangle drawn anyway.
enum SpanRoundedCurve {
    /// A circular corner (cairo's `cairo_arc`, `cairoRoundedRectangle`): the corner square of
    /// side 1 less the disc of radius 1 centred at (1, 1).
    @inline(__always) static func circularCuts(_ a: Double, _ b: Double) -> Bool {
        guard a < 1, b < 1 else { return false }
        let u = 1 - a, v = 1 - b
        return u * u + v * v > 1
    }

    /// A continuous corner (`ContinuousCorner`, the shape cairo is given as Béziers): the part
    /// of the corner square of side `extent` between the sides and the curve. The curve is
    /// symmetric in a and b and convex, so a point is cut when its smaller coordinate is below
    /// the curve's height at its larger one (`height`, where the slope stays within 0…−1).
    @inline(__always) static func continuousCuts(_ a: Double, _ b: Double) -> Bool {
        let hi = max(a, b), lo = min(a, b)
        guard hi < ContinuousCorner.extent else { return false }
        let c = curve
        guard hi > c.middle else { return true }
        let t = (hi - c.middle) * c.scale
        let i = min(Int(t), steps - 1), f = t - Double(i)
        return c.height.withUnsafeBufferPointer { h in lo < h[i] + (h[i + 1] - h[i]) * f }
    }

    /// Where the continuous curve crosses a = b (`middle`), and the table of its height for a
    /// from there to `extent` in `steps` intervals (`scale`: intervals per radius).
    struct Curve { let middle, scale: Double; let height: [Double] }
    static let steps = 512
    static let curve: Curve = {
        let (middle, height) = table()
        return Curve(middle: middle, scale: Double(steps) / (ContinuousCorner.extent - middle), height: height)
    }()

    /// Flattens `ContinuousCorner.segments` finely (0.4 % of a radius at most between points)
    /// and reads it at evenly spaced a.
    private static func table() -> (Double, [Double]) {
        var points: [(Double, Double)] = [(ContinuousCorner.extent, 0)]
        for s in ContinuousCorner.segments {
            let p0 = points[points.count - 1]
            for j in 1...256 {
                let t = Double(j) / 256, w = 1 - t
                let k0 = w * w * w, k1 = 3 * w * w * t, k2 = 3 * w * t * t, k3 = t * t * t
                points.append((k0 * p0.0 + k1 * s.c1.0 + k2 * s.c2.0 + k3 * s.end.0,
                               k0 * p0.1 + k1 * s.c1.1 + k2 * s.c2.1 + k3 * s.end.1))
            }
        }
        // From (extent, 0) the curve runs to smaller a; keep the part with a ≥ b.
        var i = 0
        while i + 1 < points.count, points[i + 1].0 >= points[i + 1].1 { i += 1 }
        let (p, q) = (points[i], points[min(i + 1, points.count - 1)])
        let s = (p.0 - p.1) / max((p.0 - p.1) - (q.0 - q.1), 1e-12)
        let middle = p.0 + (q.0 - p.0) * s
        let part = [(middle, middle)] + points[0...i].reversed()   // increasing a
        var height = [Double](repeating: 0, count: steps + 1)
        var j = 0
        for n in 0...steps {
            let a = middle + (ContinuousCorner.extent - middle) * Double(n) / Double(steps)
            while j + 2 < part.count, part[j + 1].0 < a { j += 1 }
            let lo = part[j], hi = part[j + 1]
            let f = hi.0 > lo.0 ? min(max((a - lo.0) / (hi.0 - lo.0), 0), 1) : 0
            height[n] = lo.1 + (hi.1 - lo.1) * f
        }
        return (middle, height)
    }
}
