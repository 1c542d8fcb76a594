import Foundation

/// Arc length along keyframe path segments, for the paced modes: the point moves at constant
/// speed along the whole path (Apple: "keyframe times are automatically generated to give the
/// animation a constant velocity",
/// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/paced).
///
/// A curve's length is measured by chords at evenly spaced parameters (16 per curve for the
/// path's total: a quarter circle's chord sum is then within 4e-4 of its arc), and within the
/// segment reached a distance maps back to the parameter by interpolating between 64 samples.
/// Lines (control points at the thirds) are exact with one chord. Per evaluation this costs
/// 16 points a curve plus 64, not 64 a curve.
extension KeyframePath {
    struct ArcLengthTable {
        /// Cumulative length at parameters 0, 1/n, …, 1 (n + 1 entries).
        let cumulative: [Double]

        init(_ s: Segment, samples: Int) {
            let n = s.isLine ? 1 : max(1, samples)
            var out = [0.0], acc = 0.0, prev = s.start
            out.reserveCapacity(n + 1)
            for i in 1...n {
                let p = point(on: s, at: Double(i) / Double(n))
                acc += Double(hypot(p.x - prev.x, p.y - prev.y)); prev = p
                out.append(acc)
            }
            cumulative = out
        }

        var length: Double { cumulative[cumulative.count - 1] }

        /// The parameter at distance `d` (clamped to 0…length) from the segment's start.
        func parameter(atDistance d: Double) -> Double {
            let n = cumulative.count - 1
            guard length > 0 else { return 0 }
            let d = min(max(d, 0), length)
            var lo = 0, hi = n
            while hi - lo > 1 {                       // last sample with cumulative <= d
                let mid = (lo + hi) / 2
                if cumulative[mid] <= d { lo = mid } else { hi = mid }
            }
            let span = cumulative[lo + 1] - cumulative[lo]
            let within = span > 0 ? (d - cumulative[lo]) / span : 0
            return (Double(lo) + within) / Double(n)
        }
    }

    /// Approximate arc length of a segment.
    static func length(of s: Segment) -> Double { ArcLengthTable(s, samples: 16).length }

    /// The segment and parameter at overall `fraction` of the whole path's arc length. A path of
    /// zero length spreads its segments evenly.
    static func pacedLocation(on segs: [Segment], fraction: Double) -> (segment: Segment, local: Double) {
        let lengths = segs.map(length(of:))
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else {
            let k = KeyframeTiming.resolvedKeyTimes(nil, valueCount: segs.count + 1, discrete: false)
            let (i, local) = KeyframeTiming.segment(at: fraction, keyTimes: k)
            return (segs[i], local)
        }
        var d = min(max(fraction, 0), 1) * total
        for (i, length) in lengths.enumerated() {
            if d <= length || i == lengths.count - 1 {
                let fine = ArcLengthTable(segs[i], samples: 64)
                let within = length > 0 ? min(d / length, 1) : 0
                return (segs[i], fine.parameter(atDistance: within * fine.length))
            }
            d -= length
        }
        return (segs[segs.count - 1], 1)
    }
}

extension KeyframePath.Segment {
    /// Whether the segment is a straight line parameterised linearly (as `init(line:_:)` makes).
    var isLine: Bool {
        let a = CGPoint(x: start.x + (end.x - start.x) / 3, y: start.y + (end.y - start.y) / 3)
        let b = CGPoint(x: start.x + 2 * (end.x - start.x) / 3, y: start.y + 2 * (end.y - start.y) / 3)
        return c1 == a && c2 == b
    }
}
