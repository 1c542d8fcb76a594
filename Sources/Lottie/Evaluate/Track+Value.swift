import Foundation
import CoreGraphics

/// The ease of one keyframe segment: the cubic Bézier from (0,0) through c1 and c2 to (1,1),
/// solved for y at a given x (the share of the segment's time elapsed).
struct SegmentEase {
    let c1: CGPoint, c2: CGPoint

    func callAsFunction(_ x: Double) -> Double {
        let x1 = Double(c1.x), y1 = Double(c1.y), x2 = Double(c2.x), y2 = Double(c2.y)
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bez(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        // Bisection: the x curve is monotonic when x1, x2 lie in [0, 1] (clamped here).
        let cx1 = min(max(x1, 0), 1), cx2 = min(max(x2, 0), 1)
        var lo = 0.0, hi = 1.0, t = x
        for _ in 0..<40 {
            t = (lo + hi) / 2
            if bez(t, cx1, cx2) < x { lo = t } else { hi = t }
        }
        return bez(t, y1, y2)
    }
}

extension Track {
    /// The index of the keyframe starting the segment that holds `frame` (binary search; the
    /// caller has checked `frame` lies strictly inside the keyframes' times).
    static func segment(_ ks: [Keyframe<Value>], holding frame: Double) -> Int {
        var lo = 0, hi = ks.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if ks[mid].time <= frame { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The value at `frame`: the first value before the first keyframe, the last after the last.
    func value(at frame: Double) -> Value {
        switch self {
        case .constant(let v): return v
        case .keyframes(let ks):
            if !(frame > ks[0].time) { return ks[0].value }
            guard let last = ks.last, frame < last.time else { return ks[ks.count - 1].value }
            let lo = Self.segment(ks, holding: frame)
            let a = ks[lo], b = ks[lo + 1]
            if a.hold || b.time <= a.time { return a.value }
            let x = (frame - a.time) / (b.time - a.time)
            let y = SegmentEase(c1: a.easeOut, c2: a.easeIn)(x)
            return Value.lerp(a.value, b.value, y)
        }
    }
}

extension Track where Value == [Double] {
    /// A position's value at `frame`, following the spatial Bézier (`to`/`ti`) between keyframes.
    func spatialValue(at frame: Double) -> [Double] {
        guard case .keyframes(let ks) = self, frame > ks[0].time, let last = ks.last, frame < last.time
        else { return value(at: frame) }
        let i = Self.segment(ks, holding: frame)
        let a = ks[i], b = ks[i + 1]
        guard !a.hold, let to = a.spatialOut, let ti = a.spatialIn, to.count >= 2, ti.count >= 2,
              a.value.count >= 2, b.value.count >= 2 else { return value(at: frame) }
        let t = SegmentEase(c1: a.easeOut, c2: a.easeIn)((frame - a.time) / (b.time - a.time))
        let u = 1 - t
        return (0..<2).map { d in
            let p0 = a.value[d], p1 = a.value[d] + to[d], p2 = b.value[d] + ti[d], p3 = b.value[d]
            return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
        }
    }
}
