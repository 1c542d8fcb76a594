import Foundation

/// Interpolation of values that blend only when their two ends match: paths with the same
/// elements (point by point) and arrays of colours or numbers of the same length (element by
/// element: `CAGradientLayer.colors` and `locations`, which Apple documents as animatable).
/// Both the compiled and the general animation paths call this, so they agree.
enum PairwiseInterpolation {
    /// The blend of `a` and `b` at `t`; nil when they do not match (the caller then switches
    /// half way).
    static func value(_ a: Any?, _ b: Any?, _ t: Double) -> Any? {
        if let p = ValueNormalizer.path(a), let q = ValueNormalizer.path(b) { return CGPath.interpolate(p, q, t) }
        guard let xs = ValueNormalizer.unwrap(a) as? [Any], let ys = ValueNormalizer.unwrap(b) as? [Any],
              xs.count == ys.count else { return nil }
        var out: [Any] = []
        out.reserveCapacity(xs.count)
        for (x, y) in zip(xs, ys) {
            if let c = ValueNormalizer.color(x), let d = ValueNormalizer.color(y) {
                out.append(CGColor.interpolate(c, d, t))
            } else if let u = ValueNormalizer.cgFloat(x), let v = ValueNormalizer.cgFloat(y) {
                out.append(NSNumber(value: Double(u) + (Double(v) - Double(u)) * t))
            } else {
                return nil
            }
        }
        return out
    }
}
