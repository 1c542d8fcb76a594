/// The one pure evaluation function of the project: a layer's committed state plus its
/// animations at a local time gives the presentation state. `presentation()` and the render
/// side both call it (DESIGN.md §4), so what is drawn is what `presentation()` reports.
package enum AnimationEvaluator {
    /// Applies `animations` in order (later ones see the result of earlier ones as their
    /// underlying value) at layer-local time `t`. Animations with a compiled form
    /// (`CompiledAnimation`: basic animations on common properties) take it; the rest take the
    /// general path below, which gives the same values.
    package static func apply(_ animations: [LayerAnimation], to state: inout LayerState,
                      custom: inout [String: Any], table: PropertyTable, at t: CFTimeInterval) {
        for entry in animations {
            guard let begin = entry.resolvedBeginTime else { continue }
            if let compiled = entry.compiled, compiled.isCompiled {
                compiled.apply(to: &state, beginTime: begin, at: t)
            } else {
                apply(entry.animation, beginTime: begin, to: &state, custom: &custom, table: table, parentTime: t)
            }
        }
    }

    /// Applies `animations` through the general path only (tests compare it with the compiled one).
    static func applyGeneral(_ animations: [LayerAnimation], to state: inout LayerState,
                             custom: inout [String: Any], table: PropertyTable, at t: CFTimeInterval) {
        for entry in animations {
            guard let begin = entry.resolvedBeginTime else { continue }
            apply(entry.animation, beginTime: begin, to: &state, custom: &custom, table: table, parentTime: t)
        }
    }

    /// Applies one animation whose parent time is `parentTime`; `group` is the duration and
    /// phase of the group the animation is a child of (nil at the top level).
    static func apply(_ anim: CAAnimation, beginTime: CFTimeInterval, to state: inout LayerState,
                      custom: inout [String: Any], table: PropertyTable, parentTime: CFTimeInterval,
                      group: (duration: CFTimeInterval, phase: MediaTimingState.Phase)? = nil) {
        var params = anim.timingParameters
        if let group {
            params = MediaTiming.childParameters(params, inGroupOfDuration: group.duration, groupPhase: group.phase)
        }
        params.beginTime = beginTime
        guard let timing = MediaTiming.evaluate(params, atParentTime: parentTime) else { return }
        switch anim {
        case let group as CAAnimationGroup:
            // Children run in the group's local time and are cut off at its duration.
            let groupTime = timing.fraction * params.duration
            for child in group.animations ?? [] {
                apply(child, beginTime: child.beginTime, to: &state, custom: &custom, table: table,
                      parentTime: groupTime, group: (params.duration, timing.phase))
            }
        case let property as CAPropertyAnimation:
            guard let keyPath = property.keyPath else { return }
            let target = PropertyTarget(keyPath: keyPath, table: table)
            guard target.isWritable else { return }
            if let v = value(of: property, timing: timing, duration: params.duration,
                             target: target, state: state, custom: custom) {
                target.write(v, &state, &custom)
            }
            if let kf = property as? CAKeyframeAnimation, let mode = kf.rotationMode,
               mode == .rotateAuto || mode == .rotateAutoReverse, let path = kf.path, keyPath == "position" {
                state.transform = KeyframePath.rotating(
                    state.transform, along: path, keyTimes: kf.keyTimes?.map(\.doubleValue),
                    timingFunctions: kf.timingFunctions,
                    calculationMode: kf.calculationMode, rotationMode: mode,
                    fraction: progress(of: kf, timing: timing, duration: params.duration))
            }
        default:
            return   // CATransition and plain CAAnimation change no property.
        }
    }

    /// The animated value of `anim` at `timing`, or nil when it has no effect.
    static func value(of anim: CAPropertyAnimation, timing: MediaTimingState, duration: CFTimeInterval,
                      target: PropertyTarget, state: LayerState, custom: [String: Any]) -> Any? {
        let kind = target.kind(state, custom)
        let underlying = target.read(state, custom)
        let progress = progress(of: anim, timing: timing, duration: duration)
        if usesValueFunction(anim, target) {
            return valueFunctionValue(anim, progress: progress, iteration: timing.iteration, underlying: underlying)
        }
        switch anim {
        case let kf as CAKeyframeAnimation:
            return keyframeValue(kf, fraction: progress, iteration: timing.iteration, kind: kind, underlying: underlying)
        case let basic as CABasicAnimation:
            return basicValue(basic, progress: progress, iteration: timing.iteration, kind: kind, underlying: underlying)
        default:
            return nil
        }
    }

    /// The animation's progress: its timing fraction through the timing function, or the
    /// spring's position for springs (may leave 0…1).
    static func progress(of anim: CAPropertyAnimation, timing: MediaTimingState, duration: CFTimeInterval) -> Double {
        if let spring = anim as? CASpringAnimation {
            return spring.solver.progress(at: timing.fraction * duration)
        }
        return anim.timingFunction?.output(at: timing.fraction) ?? timing.fraction
    }

    static func basicValue(_ a: CABasicAnimation, progress: Double, iteration: Int,
                           kind: AnimValue.Kind, underlying: Any?) -> Any? {
        switch kind {
        case .other, .path, .array:
            // Values that do not interpolate switch half way (paths with matching elements
            // interpolate point by point, arrays of equal length element by element).
            let start = a.fromValue ?? underlying, end = a.toValue ?? underlying
            if kind != .other, let m = PairwiseInterpolation.value(start, end, progress) { return m }
            return progress < 0.5 ? start : end
        default:
            let inputs: [AnimValue?] = [AnimValue(underlying, as: kind),
                                        a.fromValue.flatMap { AnimValue($0, as: kind) },
                                        a.toValue.flatMap { AnimValue($0, as: kind) },
                                        a.byValue.flatMap { AnimValue($0, as: kind) }]
            guard inputs[0] != nil else { return nil }
            return AnimValue.withSameKind(inputs) { box in
                box.basic(from: inputs[1] == nil ? nil : 1, to: inputs[2] == nil ? nil : 2,
                          by: inputs[3] == nil ? nil : 3, underlying: 0, progress: progress,
                          iteration: iteration, additive: a.isAdditive, cumulative: a.isCumulative)
            }?.boxed
        }
    }

    static func keyframeValue(_ a: CAKeyframeAnimation, fraction: Double, iteration: Int,
                              kind: AnimValue.Kind, underlying: Any?) -> Any? {
        if let path = a.path, kind == .point {
            return KeyframePath.point(on: path, keyTimes: a.keyTimes?.map { $0.doubleValue },
                                      timingFunctions: a.timingFunctions,
                                      mode: a.calculationMode, fraction: fraction)
        }
        guard let values = a.values, !values.isEmpty else { return nil }
        let keyTimes = a.keyTimes?.map { $0.doubleValue }
        switch kind {
        case .other, .path, .array:
            let k = KeyframeTiming.resolvedKeyTimes(keyTimes, valueCount: values.count,
                                                    discrete: a.calculationMode == .discrete)
            if a.calculationMode == .discrete {
                return values[KeyframeTiming.discreteIndex(at: fraction, keyTimes: k, valueCount: values.count)]
            }
            let (i, local) = KeyframeTiming.segment(at: fraction, keyTimes: k)
            if values.count == 1 { return values[0] }
            if kind != .other, let m = PairwiseInterpolation.value(values[i], values[i + 1], local) { return m }
            return local < 0.5 ? values[i] : values[i + 1]
        default:
            let inputs: [AnimValue?] = [AnimValue(underlying, as: kind)] + values.map { AnimValue($0, as: kind) }
            guard inputs[0] != nil, inputs.dropFirst().allSatisfy({ $0 != nil }) else { return nil }
            return AnimValue.withSameKind(inputs) { box in
                box.keyframes(Array(1...values.count), keyTimes: keyTimes, functions: a.timingFunctions,
                              mode: a.calculationMode, spline: a.splineParameters,
                              fraction: fraction, iteration: iteration,
                              underlying: 0, additive: a.isAdditive, cumulative: a.isCumulative)
            }?.boxed
        }
    }
}
