/// Which keyframe segment a time fraction falls in, for `CAKeyframeAnimation` (pure functions).
///
/// Rules (Apple's keyTimes documentation, https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/1412522-keytimes):
/// linear and cubic modes take one key time per value, discrete one more than the values (a count
/// equal to the values is also accepted: value i then holds from keyTimes[i] to keyTimes[i+1]);
/// key times must be non-decreasing within 0…1. Key times that break these rules are ignored and
/// the keyframes are spaced evenly — Core Animation's behaviour for mismatched arrays.
public enum KeyframeTiming {
    /// The key times to use for `count` values: the given ones when valid, else evenly spaced
    /// (`count` entries for linear modes from 0 to 1; `count + 1` for discrete).
    public static func resolvedKeyTimes(_ given: [Double]?, valueCount count: Int, discrete: Bool) -> [Double] {
        let wanted = discrete ? count + 1 : count
        if let k = given, isValid(k), k.count == wanted || (discrete && k.count == count) {
            return k
        }
        guard wanted > 1 else { return [0] }
        return (0..<wanted).map { Double($0) / Double(wanted - 1) }
    }

    static func isValid(_ k: [Double]) -> Bool {
        guard !k.isEmpty else { return false }
        var prev = -Double.infinity
        for v in k {
            guard v.isFinite, v >= 0, v <= 1, v >= prev else { return false }
            prev = v
        }
        return true
    }

    /// For interpolating modes: the segment index `i` (values i and i+1) and the fraction within
    /// it, for overall fraction `f`. Before the first key time: (0, 0); after the last: the last
    /// segment at 1. A zero-length segment jumps to its end value.
    public static func segment(at f: Double, keyTimes k: [Double]) -> (index: Int, local: Double) {
        let n = k.count
        guard n >= 2 else { return (0, 0) }
        if f <= k[0] { return (0, 0) }
        if f >= k[n - 1] { return (n - 2, 1) }
        // Last i with k[i] <= f (key times are sorted; binary search).
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if k[mid] <= f { lo = mid } else { hi = mid }
        }
        let span = k[lo + 1] - k[lo]
        return (lo, span > 0 ? (f - k[lo]) / span : 1)
    }

    /// For `.discrete`: the index of the value shown at fraction `f` (0..<valueCount).
    public static func discreteIndex(at f: Double, keyTimes k: [Double], valueCount count: Int) -> Int {
        guard count > 0 else { return 0 }
        var index = 0
        for (i, t) in k.enumerated() where i < count && f >= t { index = i }
        return index
    }

    /// Key times for paced modes: proportional to the cumulative `distances` between successive
    /// values (count − 1 entries); evenly spaced when the total distance is zero.
    public static func pacedKeyTimes(distances: [Double]) -> [Double] {
        let total = distances.reduce(0, +)
        guard total > 0, total.isFinite else {
            return resolvedKeyTimes(nil, valueCount: distances.count + 1, discrete: false)
        }
        var out = [0.0], acc = 0.0
        for d in distances { acc += d; out.append(acc / total) }
        out[out.count - 1] = 1
        return out
    }
}
