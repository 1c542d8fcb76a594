// Which animations have a compiled form, and building it. The rules mirror the general path
// (`AnimationEvaluator.value(of:…)`): the key path's head names a stored table property, the
// value kind is what `AnimValue.kind` gives for it, and from/to/by convert as `AnimValue(_:as:)`
// converts them.

extension CompiledAnimation {
    /// The compiled form of `anim` for a layer whose class has `table`; nil when the animation
    /// must go through the general path.
    static func compile(_ anim: CAAnimation, table: PropertyTable) -> CompiledAnimation? {
        guard let basic = anim as? CABasicAnimation, !(basic is CASpringAnimation),
              basic.valueFunction == nil, let keyPath = basic.keyPath else { return nil }
        let target = PropertyTarget(keyPath: keyPath, table: table)
        guard let d = target.descriptor, d.applyToState != nil else { return nil }
        let evaluator: Evaluator?
        if let field = target.field {
            evaluator = fieldEvaluator(basic, d, field)
        } else {
            evaluator = propertyEvaluator(basic, d)
        }
        return evaluator.map { CompiledAnimation(basic, $0) }
    }

    /// A whole property (`position`, `opacity`, `transform`…).
    private static func propertyEvaluator(_ a: CABasicAnimation, _ d: PropertyDescriptor) -> Evaluator? {
        switch AnimValue.kind(of: d) {
        case .number:
            return ScalarSlot(property: d.id).map { .scalar($0, BasicInputs(a, ValueNormalizer.cgFloat, typed: number)) }
        case .point:
            let slot: PointSlot
            switch d.id {
            case .position: slot = .position
            case .anchorPoint: slot = .anchorPoint
            default: return nil
            }
            return .point(slot, BasicInputs(a, ValueNormalizer.point, typed: point))
        case .size:
            guard d.id == .shadowOffset else { return nil }
            return .size(.shadowOffset, BasicInputs(a, ValueNormalizer.size, typed: size))
        case .rect:
            let slot: RectSlot
            switch d.id {
            case .bounds: slot = .bounds
            case .contentsRect: slot = .contentsRect
            case .contentsCenter: slot = .contentsCenter
            default: return nil
            }
            return .rect(slot, BasicInputs(a, ValueNormalizer.rect, typed: rect))
        case .transform:
            return transformSlot(d.id).map { .transform($0, TransformInputs(a)) }
        case .color, .path, .other:
            return nil
        }
    }

    /// A field of a property (`position.x`, `bounds.size`, `transform.rotation.z`…): numbers,
    /// except `bounds.origin` (a point) and `bounds.size` (a size).
    private static func fieldEvaluator(_ a: CABasicAnimation, _ d: PropertyDescriptor, _ field: String) -> Evaluator? {
        if AnimValue.kind(of: d) == .transform {
            guard let slot = transformSlot(d.id), let f = TransformField(field) else { return nil }
            return .transformField(slot, f, BasicInputs(a, ValueNormalizer.cgFloat, typed: number))
        }
        if let slot = ScalarSlot(property: d.id, field: field) {
            return .scalar(slot, BasicInputs(a, ValueNormalizer.cgFloat, typed: number))
        }
        switch (d.id, field) {
        case (.bounds, "origin"): return .point(.boundsOrigin, BasicInputs(a, ValueNormalizer.point, typed: point))
        case (.bounds, "size"): return .size(.boundsSize, BasicInputs(a, ValueNormalizer.size, typed: size))
        default: return nil
        }
    }

    private static func number(_ v: AnimValue) -> CGFloat? { if case .number(let x) = v { x } else { nil } }
    private static func point(_ v: AnimValue) -> CGPoint? { if case .point(let x) = v { x } else { nil } }
    private static func size(_ v: AnimValue) -> CGSize? { if case .size(let x) = v { x } else { nil } }
    private static func rect(_ v: AnimValue) -> CGRect? { if case .rect(let x) = v { x } else { nil } }

    /// The value of the whole property `d` in `state`, typed as the compiled form reads it; nil
    /// for properties it does not cover. Equal to what decoding `d.boxedValue(in: state)` gives.
    static func typedValue(of d: PropertyDescriptor, in state: LayerState) -> AnimValue? {
        if let slot = ScalarSlot(property: d.id) { return .number(slot.read(state)) }
        switch d.id {
        case .position: return .point(state.position)
        case .anchorPoint: return .point(state.anchorPoint)
        case .shadowOffset: return .size(state.shadowOffset)
        case .bounds: return .rect(state.bounds)
        case .contentsRect: return .rect(state.contentsRect)
        case .contentsCenter: return .rect(state.contentsCenter)
        case .transform: return .transform(state.transform)
        case .sublayerTransform: return .transform(state.sublayerTransform)
        default: return nil
        }
    }

    private static func transformSlot(_ id: PropertyID) -> TransformSlot? {
        switch id {
        case .transform: .transform
        case .sublayerTransform: .sublayerTransform
        default: nil
        }
    }
}
