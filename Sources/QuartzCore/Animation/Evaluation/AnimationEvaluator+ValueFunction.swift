/// Property animations with a `valueFunction` on `transform` or `sublayerTransform`
/// (https://developer.apple.com/documentation/quartzcore/cavaluefunction): from/to/by (or the
/// keyframe values) are function inputs — numbers or 3-number arrays — interpolated by the usual
/// rules (`PropertyAnimationMath`, all keyframe modes), then turned into a transform.
///
/// Choices where Apple is silent: a missing from/to stands for the function's identity input
/// (0 for rotations and translations, 1 for scales), not a value read back from the model
/// transform; additive animations concatenate the function's transform before the underlying
/// one (as additive transforms do); cumulative repeats add to the input, so a cumulative
/// rotateZ from 0 to 2π keeps turning.
extension AnimationEvaluator {
    static func usesValueFunction(_ anim: CAPropertyAnimation, _ target: PropertyTarget) -> Bool {
        anim.valueFunction != nil && target.field == nil
            && (target.head == "transform" || target.head == "sublayerTransform")
    }

    /// The transform of a value-function animation at `progress`, or nil when its inputs are
    /// missing or malformed.
    static func valueFunctionValue(_ anim: CAPropertyAnimation, progress: Double, iteration: Int,
                                   underlying: Any?) -> CATransform3D? {
        guard let function = anim.valueFunction else { return nil }
        let identity = function.identityInput
        let input: ValueFunctionInput?
        switch anim {
        case let kf as CAKeyframeAnimation:
            guard let raw = kf.values, !raw.isEmpty else { return nil }
            let values = raw.compactMap(ValueFunctionInput.init)
            guard values.count == raw.count else { return nil }
            input = PropertyAnimationMath.keyframeValue(
                values: values, keyTimes: kf.keyTimes?.map(\.doubleValue), timingFunctions: kf.timingFunctions,
                mode: kf.calculationMode, spline: kf.splineParameters, fraction: progress,
                iteration: iteration, underlying: identity, additive: false, cumulative: kf.isCumulative)
        case let basic as CABasicAnimation:
            func parse(_ v: Any?) -> ValueFunctionInput?? {
                guard let v else { return .some(nil) }           // absent: fine
                return ValueFunctionInput(v).map { .some($0) }  // present but malformed: nil
            }
            guard let from = parse(basic.fromValue), let to = parse(basic.toValue),
                  let by = parse(basic.byValue) else { return nil }
            input = PropertyAnimationMath.basicValue(
                from: from, to: to, by: by, underlying: identity, zero: .zeroValue, progress: progress,
                iteration: iteration, additive: false, cumulative: basic.isCumulative)
        default:
            return nil
        }
        guard let input else { return nil }
        let t = function.transform(for: input)
        guard anim.isAdditive, let u = ValueNormalizer.transform(ValueNormalizer.unwrap(underlying)) else { return t }
        return CATransform3D.adding(u, t)
    }
}
