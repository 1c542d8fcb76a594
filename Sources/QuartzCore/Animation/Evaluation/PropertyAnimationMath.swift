/// The value rules of property animations, generic over the value type (pure functions).
///
/// "Underlying" is the value the property has before this animation applies: the model value,
/// with every animation added earlier already applied (Core Animation applies a layer's
/// animations in the order they were added).
enum PropertyAnimationMath {
    /// The start and end of a basic animation from whichever of from/to/by are set, as
    /// `CABasicAnimation` documents (https://developer.apple.com/documentation/quartzcore/cabasicanimation):
    /// from+to; from+by → from…from+by; by+to → to−by…to; from → from…underlying;
    /// to → underlying…to; by → underlying…underlying+by; none → underlying…underlying.
    /// For additive animations the underlying value is the identity of addition (`zero`),
    /// because the result is added to the underlying value afterwards.
    static func basicRange<V: AnimatableValue>(from: V?, to: V?, by: V?, underlying: V) -> (V, V) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, V.adding(f, b))
        case let (nil, t?, b?): return (V.subtracting(t, b), t)
        case let (f?, nil, nil): return (f, underlying)
        case let (nil, t?, nil): return (underlying, t)
        case let (nil, nil, b?): return (underlying, V.adding(underlying, b))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }

    /// A basic animation's value at `progress` (0…1, after the timing function; springs may
    /// overshoot), in iteration `iteration`.
    /// - cumulative: each iteration adds the whole change `(end − start) × iteration`.
    /// - additive: the result is added to `underlying` (from/to/by are offsets).
    static func basicValue<V: AnimatableValue>(from: V?, to: V?, by: V?, underlying: V, zero: V,
                                               progress: Double, iteration: Int,
                                               additive: Bool, cumulative: Bool) -> V {
        let base = additive ? zero : underlying
        let (start, end) = basicRange(from: from, to: to, by: by, underlying: base)
        return basicValue(start: start, end: end, interpolated: V.interpolate(start, end, progress),
                          underlying: underlying, iteration: iteration, additive: additive, cumulative: cumulative)
    }

    /// The rest of `basicValue` once the range `start…end` and the interpolated value `v` are
    /// known (compiled transform animations interpolate from precomputed decompositions).
    @inline(__always)
    static func basicValue<V: AnimatableValue>(start: V, end: V, interpolated v: V, underlying: V, iteration: Int,
                                               additive: Bool, cumulative: Bool) -> V {
        var v = v
        if cumulative && iteration > 0 {
            v = V.adding(v, scaled: V.subtracting(end, start), by: Double(iteration))
        }
        return additive ? V.adding(underlying, v) : v
    }

    /// A keyframe animation's value at overall `fraction` (0…1, after the animation's own timing
    /// function) in `iteration`, for every calculation mode: paced modes take their key times from
    /// the values' distances; cubic modes run a Kochanek–Bartels spline (`KeyframeSpline`) with
    /// `spline`'s parameters, falling back to linear for values without components (transforms).
    /// Cumulative repeats add `(last − first) × iteration`.
    static func keyframeValue<V: AnimatableValue>(values: [V], keyTimes given: [Double]?,
                                                  timingFunctions: [CAMediaTimingFunction]?,
                                                  mode: CAAnimationCalculationMode,
                                                  spline: KeyframeSpline.Parameters = .init(),
                                                  fraction: Double, iteration: Int,
                                                  underlying: V, additive: Bool, cumulative: Bool) -> V? {
        guard let first = values.first, let last = values.last else { return nil }
        var v: V
        if mode == .discrete {
            let k = KeyframeTiming.resolvedKeyTimes(given, valueCount: values.count, discrete: true)
            v = values[KeyframeTiming.discreteIndex(at: fraction, keyTimes: k, valueCount: values.count)]
        } else if values.count == 1 {
            v = first
        } else {
            let k: [Double]
            if mode == .paced || mode == .cubicPaced {
                k = KeyframeTiming.pacedKeyTimes(distances: zip(values, values.dropFirst()).map { V.distance($0, $1) })
            } else {
                k = KeyframeTiming.resolvedKeyTimes(given, valueCount: values.count, discrete: false)
            }
            let (i, local) = KeyframeTiming.segment(at: fraction, keyTimes: k)
            var t = local
            // Paced modes ignore timingFunctions, as Apple documents.
            if mode != .paced && mode != .cubicPaced, let fs = timingFunctions, i < fs.count {
                t = fs[i].output(at: t)
            }
            if mode == .cubic || mode == .cubicPaced,
               let spline = cubicValue(values, keyTimes: k, parameters: spline, segment: i, local: t) {
                v = spline
            } else {
                v = V.interpolate(values[i], values[i + 1], t)
            }
        }
        if cumulative && iteration > 0 {
            v = V.adding(v, scaled: V.subtracting(last, first), by: Double(iteration))
        }
        return additive ? V.adding(underlying, v) : v
    }

    /// The cubic spline's value in segment `i` at local parameter `t`; nil when `V` has no
    /// spline components (the caller then interpolates linearly).
    static func cubicValue<V>(_ values: [V], keyTimes k: [Double], parameters: KeyframeSpline.Parameters,
                              segment i: Int, local t: Double) -> V? {
        guard let type = V.self as? any SplineVector.Type else { return nil }
        return cubicValue(type, values, keyTimes: k, parameters: parameters, segment: i, local: t)
    }

    private static func cubicValue<V, S: SplineVector>(_: S.Type, _ values: [V], keyTimes k: [Double],
                                                       parameters: KeyframeSpline.Parameters,
                                                       segment i: Int, local t: Double) -> V? {
        let points = values.compactMap { ($0 as? S)?.splineComponents }
        guard points.count == values.count else { return nil }
        return S.fromSplineComponents(KeyframeSpline.value(points, keyTimes: k, parameters: parameters,
                                                           segment: i, local: t)) as? V
    }
}
