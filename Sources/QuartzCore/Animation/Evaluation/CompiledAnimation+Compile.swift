// Which animations have a compiled form, and building it. The rules mirror the general path
// (`AnimationEvaluator.value(of:…)`): the key path's head names a stored table property, the
// value kind is the one its slot has (`StateSlot.make`, which follows `AnimValue.kind(of:)`),
// and from/to/by convert as `AnimValue(_:as:)` converts them.

extension CompiledAnimation {
    /// The compiled form of `anim` for a layer whose class has `table`; nil when the animation
    /// must go through the general path.
    static func compile(_ anim: CAAnimation, table: PropertyTable) -> CompiledAnimation? {
        if let keyframes = anim as? CAKeyframeAnimation { return compileKeyframes(keyframes, table: table) }
        guard let basic = anim as? CABasicAnimation, !(basic is CASpringAnimation),
              basic.valueFunction == nil, let keyPath = basic.keyPath else { return nil }
        let target = PropertyTarget(keyPath: keyPath, table: table)
        guard let d = target.descriptor, let slot = d.slot else { return nil }
        if let field = target.field {
            if case .transform(let t) = slot {
                return TransformField(field).map { CompiledTransformField(basic, t, $0, numberInputs(basic)) }
            }
            return slot.field(field).flatMap { kind(basic, $0) }
        }
        return kind(basic, slot)
    }

    /// The compiled kind for `a` on `slot`.
    private static func kind(_ a: CABasicAnimation, _ slot: StateSlot) -> CompiledAnimation? {
        switch slot {
        case .number(let s): CompiledNumber(a, s, numberInputs(a))
        case .point(let s): CompiledPoint(a, s, BasicInputs(a, ValueNormalizer.point) { if case .point(let x) = $0 { x } else { nil } })
        case .size(let s): CompiledSize(a, s, BasicInputs(a, ValueNormalizer.size) { if case .size(let x) = $0 { x } else { nil } })
        case .rect(let s): CompiledRect(a, s, BasicInputs(a, ValueNormalizer.rect) { if case .rect(let x) = $0 { x } else { nil } })
        case .transform(let s): CompiledTransform(a, s)
        case .color(let s): CompiledColor(a, s, BasicInputs(a, color) { if case .color(let c) = $0 { c ?? AnimValue.clear } else { nil } })
        case .value(let access): access.compile(a).map { CompiledSwitch(a, $0) }
        }
    }

    private static func numberInputs(_ a: CABasicAnimation) -> BasicInputs<CGFloat> {
        BasicInputs(a, ValueNormalizer.cgFloat) { if case .number(let x) = $0 { x } else { nil } }
    }

    /// A colour input as `AnimValue(_:as: .color)` reads it: nil or NSNull is transparent black.
    private static func color(_ v: Any?) -> CGColor? {
        guard case .color(let c)? = AnimValue(v, as: .color) else { return nil }
        return c ?? AnimValue.clear
    }

    /// The value of the whole property `d` in `state`, typed as the compiled form reads it; nil
    /// for properties that switch. Equal to what decoding `d.boxedValue(in: state)` gives.
    static func typedValue(of d: PropertyDescriptor, in state: inout LayerState) -> AnimValue? {
        d.slot?.typedValue(in: &state)
    }
}
