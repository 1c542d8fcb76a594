// One subclass of `CompiledAnimation` per compiled kind, each with its slot and inputs stored
// as concrete types, so its `write` is specialised (a CGPoint lerp, a CGFloat lerp, a rotation
// recomposed…) and reads them in place. Which kind an animation gets: `CompiledAnimation.compile`.

/// A number (stored as CGFloat, Float or Double) that interpolates.
final class CompiledNumber: CompiledAnimation, @unchecked Sendable {
    let slot: NumberAccess, inputs: BasicInputs<CGFloat>

    init(_ a: CABasicAnimation, _ slot: NumberAccess, _ inputs: BasicInputs<CGFloat>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src), progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A point that interpolates.
final class CompiledPoint: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CGPoint>, inputs: BasicInputs<CGPoint>

    init(_ a: CABasicAnimation, _ slot: StateAccess<CGPoint>, _ inputs: BasicInputs<CGPoint>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src), progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A size that interpolates.
final class CompiledSize: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CGSize>, inputs: BasicInputs<CGSize>

    init(_ a: CABasicAnimation, _ slot: StateAccess<CGSize>, _ inputs: BasicInputs<CGSize>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src), progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A rect that interpolates.
final class CompiledRect: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CGRect>, inputs: BasicInputs<CGRect>

    init(_ a: CABasicAnimation, _ slot: StateAccess<CGRect>, _ inputs: BasicInputs<CGRect>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src), progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A whole transform, interpolated through decompositions (made once when the ends are known).
final class CompiledTransform: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CATransform3D>, inputs: TransformInputs

    init(_ a: CABasicAnimation, _ slot: StateAccess<CATransform3D>) {
        self.slot = slot; inputs = TransformInputs(a)
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src), progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// One number of a transform's decomposition (`transform.rotation.z`, `transform.scale.x`…),
/// as `StructKeyPath` reads and writes it: read the component, replace it, recompose.
final class CompiledTransformField: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CATransform3D>, field: TransformField, inputs: BasicInputs<CGFloat>
    let isRotation: Bool

    init(_ a: CABasicAnimation, _ slot: StateAccess<CATransform3D>, _ field: TransformField,
         _ inputs: BasicInputs<CGFloat>) {
        self.slot = slot; self.field = field; self.inputs = inputs; isRotation = field.isRotation
        super.init(a, writtenBytes: slot.inlineBytes)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        let parts = TransformParts(slot.read(at: src), rotation: isRotation)
        let x = inputs.value(underlying: field.read(parts.components, euler: parts.euler), progress, i,
                             additive, cumulative)
        var c = parts.components
        field.write(x, &c, euler: parts.euler)
        slot.write(c.matrix, at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A colour: nil reads as transparent black, as in the general path.
final class CompiledColor: CompiledAnimation, @unchecked Sendable {
    let slot: StateAccess<CGColor?>, inputs: BasicInputs<CGColor>

    init(_ a: CABasicAnimation, _ slot: StateAccess<CGColor?>, _ inputs: BasicInputs<CGColor>) {
        self.slot = slot; self.inputs = inputs
        super.init(a, writtenBytes: nil)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        slot.write(inputs.value(underlying: slot.read(at: src) ?? AnimValue.clear, progress, i, additive, cumulative), at: dst)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        slot.write(slot.read(at: model), at: p)
    }
}

/// A value that switches half way (or a path that interpolates point by point).
final class CompiledSwitch: CompiledAnimation, @unchecked Sendable {
    let inputs: SwitchingInputs

    init(_ a: CABasicAnimation, _ inputs: SwitchingInputs) {
        self.inputs = inputs
        super.init(a, writtenBytes: nil)
    }

    override func write(_ progress: Double, _ i: Int, from src: UnsafePointer<LayerState>,
                        to dst: UnsafeMutablePointer<LayerState>) {
        if UnsafePointer(dst) != src { inputs.reset(&dst.pointee, from: src) }
        inputs.apply(progress, to: &dst.pointee)
    }

    override func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        inputs.reset(&p.pointee, from: model)
    }
}
