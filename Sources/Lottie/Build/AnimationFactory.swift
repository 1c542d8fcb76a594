import Foundation
import CoreGraphics
import QuartzCore

/// How a layer's Core Animation clock relates to Lottie frames. Normally linear: a layer's
/// local time in seconds is its Lottie local frame ÷ frame rate (layer `beginTime`/`speed`
/// carry start times and stretch). Inside a time-remapped precomposition no linear clock
/// fits, so `map` turns the clock's frame into the Lottie frame and every animation there is
/// sampled once per frame over `range` (clock frames).
struct LottieClock {
    var map: ((Double) -> Double)?
    var range: ClosedRange<Double>

    func frame(_ clockFrame: Double) -> Double { map?(clockFrame) ?? clockFrame }
    /// The same clock seen by a layer `offset` frames later and `stretch` times slower.
    func shifted(by offset: Double, stretch: Double = 1) -> LottieClock {
        guard let m = map else {
            return LottieClock(map: nil, range: ((range.lowerBound - offset) / stretch)...((range.upperBound - offset) / stretch))
        }
        return LottieClock(map: { (m($0) - offset) / stretch }, range: range)
    }
}

/// Turns Lottie tracks into `CAKeyframeAnimation`s on layer key paths: `keyTimes` from the
/// keyframe times, one `CAMediaTimingFunction` per segment from the keyframe's out/in
/// tangents, hold keyframes as a jump at the next keyframe, `beginTime`/`duration` in the
/// layer's local seconds, filled both ways so the first and last values hold outside.
/// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation)
struct AnimationFactory {
    let frameRate: Double
    var clock: LottieClock
    let log: WarningLog
    /// The most keyframes turned into one animation; longer tracks are resampled per frame.
    static let maximumKeyframes = 10_000
    /// The most samples one sampled animation takes (frames further apart beyond that).
    static let maximumSamples = 4_000

    /// Sets `keyPath` on `layer`: the model value at the clock's first frame, plus an animation
    /// when the track changes.
    func apply<V>(_ track: Track<V>, to layer: CALayer, keyPath: String, _ convert: @escaping (V) -> Any) {
        switch track {
        case .constant(let v):
            layer.setValue(convert(v), forKeyPath: keyPath)
        case .keyframes(let ks):
            layer.setValue(convert(ks[0].value), forKeyPath: keyPath)
            if clock.map == nil && ks.count <= Self.maximumKeyframes {
                layer.add(keyframeAnimation(ks, keyPath: keyPath, convert), forKey: keyPath)
            } else {
                applySampled(to: layer, keyPath: keyPath) { f in convert(track.value(at: f)) }
            }
        }
    }

    /// A sampled animation of `keyPath`: `value` (of a Lottie local frame) once per clock frame.
    func applySampled(to layer: CALayer, keyPath: String, discrete: Bool = false, _ value: (Double) -> Any) {
        let lo = clock.range.lowerBound, hi = max(clock.range.upperBound, lo + 1)
        let step = max(1, ((hi - lo) / Double(Self.maximumSamples)).rounded(.up))
        var times: [Double] = []
        var f = lo
        while f < hi { times.append(f); f += step }
        times.append(hi)
        let values = times.map { value(clock.frame($0)) }
        layer.setValue(values[0], forKeyPath: keyPath)
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.keyTimes = times.map { NSNumber(value: (($0 - lo) / (hi - lo))) }
        if discrete { a.calculationMode = .discrete }
        finish(a, from: lo, to: hi)
        layer.add(a, forKey: keyPath)
    }

    func keyframeAnimation<V>(_ ks: [Keyframe<V>], keyPath: String, _ convert: (V) -> Any) -> CAKeyframeAnimation {
        let t0 = ks[0].time, t1 = ks[ks.count - 1].time
        let span = max(t1 - t0, 1e-9)
        var values: [Any] = [], keyTimes: [NSNumber] = [], functions: [CAMediaTimingFunction] = []
        // A hold ends a hair before the next keyframe, so the next value shows at its frame.
        let holdGap = min(1e-4 / span, 1e-6)
        for (i, k) in ks.enumerated() {
            let key = (k.time - t0) / span
            if i > 0 && ks[i - 1].hold {
                values.append(convert(ks[i - 1].value)); keyTimes.append(NSNumber(value: max(key - holdGap, 0)))
                functions.append(CAMediaTimingFunction(name: .linear))
            }
            values.append(convert(k.value)); keyTimes.append(NSNumber(value: key))
            if i + 1 < ks.count {
                functions.append(k.hold ? CAMediaTimingFunction(name: .linear) : Self.timing(k))
            }
        }
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.keyTimes = keyTimes
        a.timingFunctions = functions
        finish(a, from: t0, to: t1)
        return a
    }

    static func timing<V>(_ k: Keyframe<V>) -> CAMediaTimingFunction {
        func clamp(_ x: CGFloat) -> Float { Float(min(max(x, 0), 1)) }
        return CAMediaTimingFunction(controlPoints: clamp(k.easeOut.x), Float(k.easeOut.y), clamp(k.easeIn.x), Float(k.easeIn.y))
    }

    /// Places `a` on the layer's clock from frame `t0` to `t1`, holding its ends.
    func finish(_ a: CAAnimation, from t0: Double, to t1: Double) {
        // beginTime 0 would mean "now" to Core Animation; a frame-0 start is moved a hair.
        let begin = t0 / frameRate
        a.beginTime = begin == 0 ? 1e-9 : begin
        a.duration = max((t1 - t0) / frameRate, 1e-9)
        a.fillMode = .both
        a.isRemovedOnCompletion = false
    }
}

/// Conversions from Lottie values to Core Animation's.
enum LottieValues {
    static func point(_ v: [Double]) -> CGPoint { CGPoint(x: v.count > 0 ? v[0] : 0, y: v.count > 1 ? v[1] : 0) }
    /// Lottie colours are 0…1 components (some old exporters wrote 0…255).
    static func color(_ v: [Double], alpha: Double = 1) -> CGColor {
        let scale = v.prefix(3).contains { $0 > 1 } ? 255.0 : 1
        func c(_ i: Int) -> CGFloat { CGFloat(min(max((i < v.count ? v[i] : 0) / scale, 0), 1)) }
        return CGColor(srgbRed: c(0), green: c(1), blue: c(2), alpha: CGFloat(alpha))
    }
    static func percent(_ v: [Double]) -> NSNumber { NSNumber(value: (v.first ?? 0) / 100) }
    static func radians(_ v: [Double]) -> NSNumber { NSNumber(value: (v.first ?? 0) * .pi / 180) }
}
