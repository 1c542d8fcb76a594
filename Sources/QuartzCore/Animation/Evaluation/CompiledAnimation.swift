/// A `CABasicAnimation` on a table property, compiled once into typed values so that applying
/// it at a time t is arithmetic on structs: no key-path parsing, no property-table lookup, no
/// `Any` boxes or casts and no allocation.
///
/// Covered: keyframe animations given by `values` (no `path`) on a number or a point
/// (`CompiledKeyframes.swift`), and basic animations (not springs, no `valueFunction`) on any stored property of any
/// class's table — numbers, points, sizes, rects, transforms and colours interpolate; Booleans,
/// strings, `contents`, paths and the like switch (`SwitchingInputs`) — on a struct field of
/// one (`position.x`, `bounds.size`…) or on a transform component (`transform.rotation.z`,
/// `transform.scale`…). The slot written comes from the property's table row
/// (`PropertyDescriptor.slot`). Other keyframes, springs, groups, value functions and custom
/// keys go through `AnimationEvaluator`'s general path.
///
/// The compiled form computes exactly what the general path computes: the same timing
/// (`ResolvedTiming`, which `MediaTiming.evaluate` runs; the timing function's `TimingCurve`),
/// the same value rules (`PropertyAnimationMath.basicValue`, `AnimatableValue`), the same reads and writes of the
/// state (`StateSlot.swift`), with from/to/by converted once by `ValueNormalizer` as the general
/// path converts them each frame. `CompiledAnimationTests` compares both at many times.
///
/// Each compiled kind is its own subclass (`CompiledAnimation+Kinds.swift`) whose `write` is
/// specialised for its value type, so applying one is a virtual call reading the subclass's
/// stored inputs in place: no enum payload copied out, no existential, no closure. The timing
/// (`ResolvedTiming`) is a plain value made once; the curve (`TimingCurve`) is the timing
/// function's own, shared by every animation that uses the function.
class CompiledAnimation: @unchecked Sendable {
    // @unchecked: every stored property is an immutable value; subclasses add only `let`s.
    /// The animation's timing; the begin time is the resolved one given to `apply`.
    let timing: ResolvedTiming
    /// The timing function's curve, shared with it (used when `hasCurve`; linear pacing otherwise).
    let curve: TimingCurve
    let hasCurve: Bool
    let additive: Bool
    let cumulative: Bool

    /// The marker for animations without a compiled form.
    static let general = CompiledAnimation()

    private init() {
        timing = ResolvedTiming(MediaTimingParameters()); curve = .linear; hasCurve = false
        additive = false; cumulative = false
        writtenBytes = nil
        isCompiled = false
    }

    /// Whether `apply` evaluates the animation (false for `general`).
    let isCompiled: Bool

    /// The bytes of the state this animation writes, when they are plain inline values (the
    /// render side's `AnimationTicker` resets them from the model state with one copy).
    let writtenBytes: Range<Int>?

    init(_ anim: CAPropertyAnimation, writtenBytes: Range<Int>?) {
        timing = ResolvedTiming(anim.timingParameters)
        hasCurve = anim.timingFunction != nil
        curve = anim.timingFunction?.curve ?? .linear
        additive = anim.isAdditive
        cumulative = anim.isCumulative
        isCompiled = true
        self.writtenBytes = writtenBytes
    }

    /// Applies the animation, begun at `beginTime`, at parent (layer-local) time `t`.
    @inline(__always)
    final func apply(to state: inout LayerState, beginTime: CFTimeInterval, at t: CFTimeInterval) {
        withUnsafeMutablePointer(to: &state) { apply(to: $0, beginTime: beginTime, at: t) }
    }

    /// `apply` on the state at `p` (by pointer: the state is read and written in place, never
    /// copied). The timing and pacing are shared; the value is the kind's `write`.
    @inline(__always)
    final func apply(to p: UnsafeMutablePointer<LayerState>, beginTime: CFTimeInterval, at t: CFTimeInterval) {
        _ = apply(from: p, to: p, beginTime: beginTime, at: t)
    }

    /// `apply` reading the underlying value from the state at `src` and writing the result
    /// into the state at `dst` (the same state, or the model and presentation states of one
    /// layer: the ticker's lone animation of a layer skips resetting the presentation state
    /// first). False, with nothing written, when the animation has no effect at `t`.
    @inline(__always)
    final func apply(from src: UnsafePointer<LayerState>, to dst: UnsafeMutablePointer<LayerState>,
                     beginTime: CFTimeInterval, at t: CFTimeInterval) -> Bool {
        guard let m = timing.state(beginTime: beginTime, atParentTime: t) else { return false }
        let progress = hasCurve ? curve.output(at: m.fraction) : m.fraction
        write(progress, m.iteration, from: src, to: dst)
        return true
    }

    /// Writes the animated value at `progress` (after the timing function) in `iteration`,
    /// over the underlying value in the state at `src`, into the state at `dst` (which may be
    /// `src`). The general marker writes nothing.
    func write(_ progress: Double, _ iteration: Int, from src: UnsafePointer<LayerState>,
               to dst: UnsafeMutablePointer<LayerState>) {}

    /// Copies the value this animation writes from `model` into the state at `p`.
    func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {}
}

/// A basic animation's from/to/by, converted to the property's type (a value that does not
/// convert counts as absent, as in the general path).
struct BasicInputs<V: AnimatableValue & ZeroValue & Sendable>: Sendable {
    let from: V?, to: V?, by: V?
    /// The range, when the underlying value does not enter it (two of from/to/by given, or an
    /// additive animation, whose base is zero): `PropertyAnimationMath.basicRange` computed once.
    let ends: (start: V, end: V)?

    /// `typed` reads the animation's `typedFromValue`, which stands for `fromValue` when set.
    init(_ a: CABasicAnimation, _ convert: (Any?) -> V?, typed: (AnimValue) -> V?) {
        from = a.typedFromValue.flatMap(typed) ?? a.fromValue.flatMap(convert)
        to = a.toValue.flatMap(convert); by = a.byValue.flatMap(convert)
        if a.isAdditive || [from, to, by].compactMap({ $0 }).count >= 2 {
            let (s, e) = PropertyAnimationMath.basicRange(from: from, to: to, by: by, underlying: V.zeroValue)
            ends = (s, e)
        } else {
            ends = nil
        }
    }

    /// `PropertyAnimationMath.basicValue(from:to:by:…)`, with the range taken from `ends` when known.
    @inline(__always)
    func value(underlying: V, _ progress: Double, _ iteration: Int, _ additive: Bool, _ cumulative: Bool) -> V {
        if let (s, e) = ends {
            return PropertyAnimationMath.basicValue(start: s, end: e, interpolated: V.interpolate(s, e, progress),
                                                    underlying: underlying, iteration: iteration,
                                                    additive: additive, cumulative: cumulative)
        }
        return PropertyAnimationMath.basicValue(from: from, to: to, by: by, underlying: underlying, zero: V.zeroValue,
                                                progress: progress, iteration: iteration,
                                                additive: additive, cumulative: cumulative)
    }
}

/// A transform animation's inputs with, when the range does not depend on the underlying
/// value, its two ends decomposed once (the general path decomposes both every frame).
struct TransformInputs: Sendable {
    let inputs: BasicInputs<CATransform3D>
    /// The decompositions of `inputs.ends` (nil where a matrix cannot be decomposed).
    let a: TransformComponents?, b: TransformComponents?

    init(_ anim: CABasicAnimation) {
        inputs = BasicInputs(anim, ValueNormalizer.transform) { if case .transform(let t) = $0 { t } else { nil } }
        a = inputs.ends?.start.decomposed(); b = inputs.ends?.end.decomposed()
    }

    @inline(__always)
    func value(underlying: CATransform3D, _ progress: Double, _ iteration: Int, _ additive: Bool,
               _ cumulative: Bool) -> CATransform3D {
        guard let r = inputs.ends else { return inputs.value(underlying: underlying, progress, iteration, additive, cumulative) }
        let v: CATransform3D
        if let ca = a, let cb = b { v = CATransform3D.interpolate(ca, cb, progress) }
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
