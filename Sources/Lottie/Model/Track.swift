import Foundation
import CoreGraphics

/// A value that keyframes interpolate: vectors of numbers (scalars, points, colours, gradient
/// stops) and Bézier shapes (path morphs).
protocol LottieInterpolatable: Sendable {
    static func lerp(_ a: Self, _ b: Self, _ t: Double) -> Self
}

extension Array: LottieInterpolatable where Element == Double {
    static func lerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        guard a.count == b.count else { return a }
        return zip(a, b).map { $0 + ($1 - $0) * t }
    }
}

/// One keyframe of a Lottie property (https://lottiefiles.github.io/lottie-docs/concepts/#keyframe):
/// `value` holds from `time` (frames); the segment to the next keyframe eases along the cubic
/// Bézier from (0,0) through `easeOut` (the file's `o`) and `easeIn` (`i`) to (1,1), unless
/// `hold` (`h`: the value jumps at the next keyframe). `spatialOut`/`spatialIn` (`to`/`ti`) are
/// the tangents of a position's motion path, relative to this and the next keyframe's value.
struct Keyframe<Value: LottieInterpolatable>: Sendable {
    var time: Double
    var value: Value
    var hold = false
    var easeOut = CGPoint(x: 0, y: 0)
    var easeIn = CGPoint(x: 1, y: 1)
    var spatialOut: [Double]?
    var spatialIn: [Double]?
}

/// A property: one value, or keyframes sorted by time (at least two).
enum Track<Value: LottieInterpolatable>: Sendable {
    case constant(Value)
    case keyframes([Keyframe<Value>])

    var isAnimated: Bool { if case .keyframes = self { return true }; return false }
    var keyframes: [Keyframe<Value>] { if case .keyframes(let k) = self { return k }; return [] }
    var first: Value {
        switch self { case .constant(let v): return v; case .keyframes(let k): return k[0].value }
    }

    func map<T>(_ f: (Value) -> T) -> Track<T> {
        switch self {
        case .constant(let v): return .constant(f(v))
        case .keyframes(let ks):
            return .keyframes(ks.map { k in
                Keyframe(time: k.time, value: f(k.value), hold: k.hold, easeOut: k.easeOut, easeIn: k.easeIn,
                         spatialOut: k.spatialOut, spatialIn: k.spatialIn)
            })
        }
    }
}

extension Track {
    /// Reads `{"a": 0|1, "k": …}` (or a bare value). Keyframes whose value cannot be read take
    /// the previous value (the older format stores it as the previous keyframe's `e`); keyframes
    /// out of time order are dropped with a warning. nil when nothing usable is there.
    static func parse(_ j: JSONValue?, at path: String, log: WarningLog,
                      _ read: (JSONValue) -> Value?) -> Track? {
        guard let j else { return nil }
        let k = j["k"] ?? j
        if case .array(let items) = k, let firstItem = items.first, firstItem["t"] != nil {
            var out: [Keyframe<Value>] = []
            out.reserveCapacity(items.count)
            var previousEnd: Value?
            for item in items {
                guard let t = item["t"]?.number else { continue }
                var value = item["s"].flatMap(read) ?? previousEnd ?? out.last?.value
                if value == nil { continue }
                if let last = out.last, t < last.time {
                    log.warn(path, "keyframes out of time order; later ones dropped")
                    break
                }
                var kf = Keyframe(time: t, value: value!)
                kf.hold = item["h"]?.bool ?? false
                if let o = item["o"], let x = o["x"]?.number, let y = o["y"]?.number { kf.easeOut = CGPoint(x: x, y: y) }
                if let i = item["i"], let x = i["x"]?.number, let y = i["y"]?.number { kf.easeIn = CGPoint(x: x, y: y) }
                kf.spatialOut = item["to"]?.numbers
                kf.spatialIn = item["ti"]?.numbers
                previousEnd = item["e"].flatMap(read)
                value = nil
                out.append(kf)
            }
            if out.isEmpty { return nil }
            if out.count == 1 { return .constant(out[0].value) }
            return .keyframes(out)
        }
        return read(k).map { .constant($0) }
    }
}

/// A number or vector property (`[Double]`; a scalar is its first element).
typealias VectorTrack = Track<[Double]>

extension Track where Value == [Double] {
    static func vector(_ j: JSONValue?, at path: String, log: WarningLog) -> VectorTrack? {
        parse(j, at: path, log: log) { $0.numbers }
    }
    func scalar(at frame: Double) -> Double { value(at: frame).first ?? 0 }
}
