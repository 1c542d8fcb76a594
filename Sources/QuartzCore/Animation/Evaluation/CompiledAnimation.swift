/// A `CABasicAnimation` on a table property, compiled once into typed values so that applying
/// it at a time t is arithmetic on structs: no key-path parsing, no property-table lookup, no
/// `Any` boxes or casts and no allocation.
///
/// Covered: basic animations (not springs, no `valueFunction`) on any stored property of any
/// class's table — numbers, points, sizes, rects, transforms and colours interpolate; Booleans,
/// strings, `contents`, paths and the like switch (`SwitchingInputs`) — on a struct field of
/// one (`position.x`, `bounds.size`…) or on a transform component (`transform.rotation.z`,
/// `transform.scale`…). The slot written comes from the property's table row
/// (`PropertyDescriptor.slot`). Keyframes, springs, groups, value functions and custom keys go
/// through `AnimationEvaluator`'s general path.
///
/// The compiled form computes exactly what the general path computes: the same timing
/// (`MediaTiming.evaluate`, the timing function's `TimingCurve`), the same value rules
/// (`PropertyAnimationMath.basicValue`, `AnimatableValue`), the same reads and writes of the
/// state (`StateSlot.swift`), with from/to/by converted once by `ValueNormalizer` as the general
/// path converts them each frame. `CompiledAnimationTests` compares both at many times.
final class CompiledAnimation: Sendable {
    /// The animation's timing; `beginTime` is replaced by the resolved begin time when applied.
    let timing: MediaTimingParameters
    /// The timing function's curve; nil for linear pacing.
    let curve: TimingCurve?
    let additive: Bool
    let cumulative: Bool
    let evaluator: Evaluator

    enum Evaluator: Sendable {
        case number(NumberAccess, BasicInputs<CGFloat>)
        case point(StateAccess<CGPoint>, BasicInputs<CGPoint>)
        case size(StateAccess<CGSize>, BasicInputs<CGSize>)
        case rect(StateAccess<CGRect>, BasicInputs<CGRect>)
        // Boxed: the decomposed ends would make every case as large as this one.
        indirect case transform(StateAccess<CATransform3D>, TransformInputs)
        case transformField(StateAccess<CATransform3D>, TransformField, BasicInputs<CGFloat>)
        /// A colour: nil reads as transparent black, as in the general path.
        case color(StateAccess<CGColor?>, BasicInputs<CGColor>)
        case switching(SwitchingInputs)
        /// No compiled form: the general path evaluates the animation.
        case general
    }

    /// The marker for animations without a compiled form.
    static let general = CompiledAnimation()

    private init() {
        timing = MediaTimingParameters(); curve = nil; additive = false; cumulative = false; evaluator = .general
        writtenBytes = nil
        isCompiled = false
    }

    /// Whether `apply` evaluates the animation (false for `general`).
    /// Stored: testing the evaluator's case would copy its payload on every tick.
    let isCompiled: Bool

    /// The bytes of the state this animation writes, when they are plain inline values (the
    /// render side's `AnimationTicker` resets them from the model state with one copy).
    let writtenBytes: Range<Int>?

    init(_ anim: CABasicAnimation, _ evaluator: Evaluator) {
        timing = anim.timingParameters
        curve = anim.timingFunction?.curve
        additive = anim.isAdditive
        cumulative = anim.isCumulative
        self.evaluator = evaluator
        if case .general = evaluator { isCompiled = false } else { isCompiled = true }
        switch evaluator {
        case let .number(a, _): writtenBytes = a.inlineBytes
        case let .point(a, _): writtenBytes = a.inlineBytes
        case let .size(a, _): writtenBytes = a.inlineBytes
        case let .rect(a, _): writtenBytes = a.inlineBytes
        case let .transform(a, _), let .transformField(a, _, _): writtenBytes = a.inlineBytes
        case .color, .switching, .general: writtenBytes = nil
        }
    }

    /// Applies the animation, begun at `beginTime`, at parent (layer-local) time `t`.
    @inline(__always)
    func apply(to state: inout LayerState, beginTime: CFTimeInterval, at t: CFTimeInterval) {
        withUnsafeMutablePointer(to: &state) { apply(to: $0, beginTime: beginTime, at: t) }
    }

    /// `apply` on the state at `p` (by pointer: the state is read and written in place, never
    /// copied).
    func apply(to p: UnsafeMutablePointer<LayerState>, beginTime: CFTimeInterval, at t: CFTimeInterval) {
        var params = timing
        params.beginTime = beginTime
        guard let m = MediaTiming.evaluate(params, atParentTime: t) else { return }
        let progress = curve?.output(at: m.fraction) ?? m.fraction
        let i = m.iteration
        switch evaluator {
        case let .number(slot, v):
            slot.write(v.value(underlying: slot.read(at: p), progress, i, additive, cumulative), at: p)
        case let .point(slot, v):
            slot.write(v.value(underlying: slot.read(at: p), progress, i, additive, cumulative), at: p)
        case let .size(slot, v):
            slot.write(v.value(underlying: slot.read(at: p), progress, i, additive, cumulative), at: p)
        case let .rect(slot, v):
            slot.write(v.value(underlying: slot.read(at: p), progress, i, additive, cumulative), at: p)
        case let .transform(slot, v):
            slot.write(v.value(underlying: slot.read(at: p), progress, i, additive, cumulative), at: p)
        case let .transformField(slot, field, v):
            // As `StructKeyPath`: read the component from the decomposition, replace it, recompose.
            let parts = TransformParts(slot.read(at: p), rotation: field.isRotation)
            let x = v.value(underlying: field.read(parts.components, euler: parts.euler), progress, i,
                            additive, cumulative)
            var c = parts.components
            field.write(x, &c, euler: parts.euler)
            slot.write(c.matrix, at: p)
        case let .color(slot, v):
            slot.write(v.value(underlying: slot.read(at: p) ?? AnimValue.clear, progress, i, additive, cumulative), at: p)
        case let .switching(inputs):
            inputs.apply(progress, to: &p.pointee)
        case .general:
            return
        }
    }
}

/// A basic animation's from/to/by, converted to the property's type (a value that does not
/// convert counts as absent, as in the general path).
struct BasicInputs<V: AnimatableValue & ZeroValue & Sendable>: Sendable {
    let from: V?, to: V?, by: V?

    /// `typed` reads the animation's `typedFromValue`, which stands for `fromValue` when set.
    init(_ a: CABasicAnimation, _ convert: (Any?) -> V?, typed: (AnimValue) -> V?) {
        from = a.typedFromValue.flatMap(typed) ?? a.fromValue.flatMap(convert)
        to = a.toValue.flatMap(convert); by = a.byValue.flatMap(convert)
    }

    @inline(__always)
    func value(underlying: V, _ progress: Double, _ iteration: Int, _ additive: Bool, _ cumulative: Bool) -> V {
        PropertyAnimationMath.basicValue(from: from, to: to, by: by, underlying: underlying, zero: V.zeroValue,
                                         progress: progress, iteration: iteration,
                                         additive: additive, cumulative: cumulative)
    }
}

/// A transform animation's inputs with, when the range does not depend on the underlying
/// value, its two ends decomposed once (the general path decomposes both every frame).
struct TransformInputs: Sendable {
    let inputs: BasicInputs<CATransform3D>
    /// start, end and their decompositions (nil where a matrix cannot be decomposed).
    let range: (start: CATransform3D, end: CATransform3D, a: TransformComponents?, b: TransformComponents?)?

    init(_ a: CABasicAnimation) {
        inputs = BasicInputs(a, ValueNormalizer.transform) { if case .transform(let t) = $0 { t } else { nil } }
        let knownEnds = a.isAdditive || [inputs.from, inputs.to, inputs.by].compactMap({ $0 }).count >= 2
        if knownEnds {
            // With two of from/to/by (or additive, whose base is the identity) the underlying
            // value does not enter the range.
            let (s, e) = PropertyAnimationMath.basicRange(from: inputs.from, to: inputs.to, by: inputs.by,
                                                          underlying: CATransform3DIdentity)
            range = (s, e, s.decomposed(), e.decomposed())
        } else {
            range = nil
        }
    }

    @inline(__always)
    func value(underlying: CATransform3D, _ progress: Double, _ iteration: Int, _ additive: Bool,
               _ cumulative: Bool) -> CATransform3D {
        guard let r = range else { return inputs.value(underlying: underlying, progress, iteration, additive, cumulative) }
        let v: CATransform3D
        if let ca = r.a, let cb = r.b { v = CATransform3D.interpolate(ca, cb, progress) }
        else { v = progress < 0.5 ? r.start : r.end }   // as `CATransform3D.interpolate` for singular ends
        return PropertyAnimationMath.basicValue(start: r.start, end: r.end, interpolated: v, underlying: underlying,
                                                iteration: iteration, additive: additive, cumulative: cumulative)
    }
}

/// A transform's decomposition (`StructKeyPath.components`) and, for rotation fields, its Euler
/// angles; the identity's are computed once (most layers animating a component have it).
struct TransformParts {
    let components: TransformComponents
    let euler: EulerAngles

    @inline(__always) init(_ t: CATransform3D, rotation: Bool) {
        if t.isBitwiseIdentity {
            self = TransformParts.identity
        } else {
            components = StructKeyPath.components(t)
            euler = rotation ? components.rotation.euler : EulerAngles(x: 0, y: 0, z: 0)   // unused otherwise
        }
    }

    private init(components: TransformComponents, euler: EulerAngles) {
        self.components = components; self.euler = euler
    }

    static let identity: TransformParts = {
        let c = StructKeyPath.components(CATransform3DIdentity)
        return TransformParts(components: c, euler: c.rotation.euler)
    }()
}

extension TransformField {
    var isRotation: Bool { self == .rotationX || self == .rotationY || self == .rotationZ }
}

extension CATransform3D {
    /// Whether every entry has the identity's exact bit pattern (so -0 is not the identity, and
    /// a decomposition cached for the identity is exactly what decomposing this would give).
    @inline(__always) var isBitwiseIdentity: Bool {
        let one = (1.0 as CGFloat).bitPattern
        return m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
            && m12.bitPattern == 0 && m13.bitPattern == 0 && m14.bitPattern == 0
            && m21.bitPattern == 0 && m23.bitPattern == 0 && m24.bitPattern == 0
            && m31.bitPattern == 0 && m32.bitPattern == 0 && m34.bitPattern == 0
            && m41.bitPattern == 0 && m42.bitPattern == 0 && m43.bitPattern == 0
    }
}
