// Keyframe animations on numbers and points (`position`, `opacity`, `position.x`…: the common
// ones; a wallpaper moves its tiles this way) compiled like basic animations
// (`CompiledAnimation`): the values converted once, each frame one call of the same rule the
// general path runs (`PropertyAnimationMath.keyframeValue`), with no `Any` box, cast or
// key-path parsing. `CompiledAnimationTests` compares both paths at many times.

extension CompiledAnimation {
    /// The compiled form of a keyframe animation, or nil for the general path: a `path`, a
    /// `valueFunction`, no values, a value that does not convert, or a property that is not a
    /// number or a point (or a field of a struct that is one).
    static func compileKeyframes(_ a: CAKeyframeAnimation, table: PropertyTable) -> CompiledAnimation? {
        guard a.path == nil, a.valueFunction == nil, let keyPath = a.keyPath,
              let values = a.values, !values.isEmpty else { return nil }
        let target = PropertyTarget(keyPath: keyPath, table: table)
        guard let d = target.descriptor, var slot = d.slot else { return nil }
        if let field = target.field {
            if case .transform = slot { return nil }   // a transform component recomposes: general path
            guard let s = slot.field(field) else { return nil }
            slot = s
        }
        switch slot {
        case .number(let s):
            return KeyframeInputs(a, ValueNormalizer.cgFloat).map { CompiledNumberKeyframes(a, s, $0) }
        case .point(let s):
            return KeyframeInputs(a, ValueNormalizer.point).map { CompiledPointKeyframes(a, s, $0) }
        default:
            return nil
        }
    }
}

/// A keyframe animation's values, converted once to the property's type as the general path
/// converts them each frame (`AnimValue(_:as:)`), and its other inputs.
struct KeyframeInputs<V: AnimatableValue & Sendable>: @unchecked Sendable {
    // @unchecked: the timing functions are immutable once the animation is committed.
    let values: [V]
    let keyTimes: [Double]?
    let functions: [CAMediaTimingFunction]?
    let mode: CAAnimationCalculationMode
    let spline: KeyframeSpline.Parameters

    /// nil when a value does not convert (the general path then has no effect: it stays there).
    init?(_ a: CAKeyframeAnimation, _ convert: (Any?) -> V?) {
        let converted = (a.values ?? []).compactMap(convert)
        guard converted.count == a.values?.count else { return nil }
        values = converted
        keyTimes = a.keyTimes?.map(\.doubleValue)
        functions = a.timingFunctions
        mode = a.calculationMode
        spline = a.splineParameters
    }

    @inline(__always)
    func value(underlying: V, _ progress: Double, _ iteration: Int, _ additive: Bool, _ cumulative: Bool) -> V? {
        PropertyAnimationMath.keyframeValue(values: values, keyTimes: keyTimes, timingFunctions: functions, mode: mode,
                                            spline: spline, fraction: progress, iteration: iteration,
                                            underlying: underlying, additive: additive, cumulative: cumulative)
    }
}

/// A number given by keyframes.
final class CompiledNumberKeyframes: CompiledAnimation, @unchecked Sendable {
    let slot: NumberAccess, inputs: KeyframeInputs<CGFloat>

    init(_ a: CAKeyframeAnimation, _ slot: NumberAccess, _ inputs: KeyframeInputs<CGFloat>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        let u = slot.read(at: src)
        slot.write(inputs.value(underlying: u, progress, i, additive, cumulative) ?? u, at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A point given by keyframes.
final class CompiledPointKeyframes: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CGPoint>, inputs: KeyframeInputs<CGPoint>

    init(_ a: CAKeyframeAnimation, _ slot: StateAccess<CGPoint>, _ inputs: KeyframeInputs<CGPoint>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        let u = slot.read(at: src)
        slot.write(inputs.value(underlying: u, progress, i, additive, cumulative) ?? u, at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}
