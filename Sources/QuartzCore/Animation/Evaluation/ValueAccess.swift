/// Access to a property that switches rather than interpolates (Booleans, strings, option sets,
/// `contents`, filters, cell arrays…) or a path, typed by the subclass `TypedValueAccess<V>`:
/// a basic animation on it compiles to `SwitchingInputs`, whose from/to are decoded once.
class ValueAccess: @unchecked Sendable {
    // @unchecked: immutable after init (a key path and a codec's decoder).

    /// The compiled form of `a` on this value; nil when a from or to value does not decode
    /// (the general path then handles the animation, rejecting those values as it does).
    func compile(_ a: CABasicAnimation) -> SwitchingInputs? { nil }
}

final class TypedValueAccess<V>: ValueAccess, @unchecked Sendable {
    let access: StateAccess<V>
    let decode: @Sendable (Any?) -> V?
    /// `.path` and `.elementwise` values interpolate when their ends match (`PairwiseInterpolation`).
    let interpolation: Interpolation

    init(_ access: StateAccess<V>, decode: @escaping @Sendable (Any?) -> V?, interpolation: Interpolation) {
        self.access = access; self.decode = decode; self.interpolation = interpolation
    }

    override func compile(_ a: CABasicAnimation) -> SwitchingInputs? {
        // As the general path: an absent from/to stands for the underlying value; `byValue` is
        // not used by values that switch.
        var from: V?, to: V?
        if let f = a.fromValue { guard let v = decode(f) else { return nil }; from = v }
        if let t = a.toValue { guard let v = decode(t) else { return nil }; to = v }
        return TypedSwitchingInputs(self, from: from, to: to)
    }
}

/// A compiled basic animation on a switching value.
class SwitchingInputs: @unchecked Sendable {
    // @unchecked: immutable after init; values are the decoded from/to, read only.
    func apply(_ progress: Double, to s: inout LayerState) {}
    /// Copies the value written from `model` into `s`.
    func reset(_ s: inout LayerState, from model: UnsafePointer<LayerState>) {}
}

final class TypedSwitchingInputs<V>: SwitchingInputs, @unchecked Sendable {
    let target: TypedValueAccess<V>
    let from: V?, to: V?

    init(_ target: TypedValueAccess<V>, from: V?, to: V?) {
        self.target = target; self.from = from; self.to = to
    }

    override func reset(_ s: inout LayerState, from model: UnsafePointer<LayerState>) {
        target.access.write(target.access.read(at: model), &s)
    }

    override func apply(_ progress: Double, to s: inout LayerState) {
        if target.interpolation == .path || target.interpolation == .elementwise {
            let start = from ?? target.access.read(&s), end = to ?? target.access.read(&s)
            if let m = PairwiseInterpolation.value(start, end, progress), let v = target.decode(m) {
                return target.access.write(v, &s)
            }
        }
        // Half way through, the value switches from the start to the end.
        if let v = progress < 0.5 ? from : to { target.access.write(v, &s) }
    }
}
