/// `CAReplicatorLayer` (https://developer.apple.com/documentation/quartzcore/careplicatorlayer):
/// its sublayers drawn once per instance, without copying them. The renderer only says what
/// the instances are (`sublayerInstances`); the builder draws the sublayer list once per
/// instance with the instance's transform, time shift and colour (FrameBuilder+Instances), in a
/// flat plane and in 3D rendering contexts alike, so replicators nest (instances of instances)
/// and every class draws inside one.
///
/// With `preservesDepth` the replicator is no plane (as `CATransformLayer`, whose
/// restrictions Apple says it shares): it draws nothing of its own and its instances' sublayers
/// join the nearest flattening ancestor's 3D rendering context, sorted by depth.
struct ReplicatorLayerRenderer: LayerRenderer {
    func isPlane(_ state: LayerState) -> Bool { !state.replicator.preservesDepth }
    var hasSublayerInstances: Bool { true }

    func emitWithoutPlane(_ layer: LayerDrawing, toPlane: CATransform3D, builder: inout FrameBuilder,
                          into quads: inout QuadList) {
        builder.emitDepthContext(layer.snapshot, layer.state, local: layer.local, toPlane: toPlane,
                                 planeToTarget: layer.toTarget, opacity: layer.opacity, clip: layer.clip,
                                 flipped: layer.flipped, into: &quads)
    }

    func emitBody(_ layer: LayerDrawing, builder: inout FrameBuilder, into quads: inout QuadList) {
        guard isPlane(layer.state) else {
            return emitWithoutPlane(layer, toPlane: CATransform3DIdentity, builder: &builder, into: &quads)
        }
        builder.emitPlaneBody(layer, renderer: self, into: &quads)
    }

    /// Instance k: `instanceTransform`^k about the anchor point, k × `instanceDelay`, and
    /// `instanceColor` + k × offsets clamped to 0…1. Stops early at a transform that is no
    /// longer finite (powers of a large scale overflow), and after `limit` instances.
    func sublayerInstances(_ st: LayerState, limit: Int) -> [SublayerInstance]? {
        let r = st.replicator
        let count = min(max(r.instanceCount, 0), CAReplicatorLayer.maximumInstanceCount, max(limit, 1))
        guard count > 0 else { return [] }
        let base = r.instanceColor.map { c -> (Double, Double, Double, Double) in
            let v = c.rgba
            return (Double(v.r), Double(v.g), Double(v.b), Double(v.a))
        } ?? (1, 1, 1, 1)
        let offset = (Double(r.instanceRedOffset), Double(r.instanceGreenOffset),
                      Double(r.instanceBlueOffset), Double(r.instanceAlphaOffset))
        let a = st.anchorInBounds
        let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, 0)
        let fromAnchor = CATransform3DMakeTranslation(a.x, a.y, 0)
        var power = CATransform3DIdentity
        var out: [SublayerInstance] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            if k > 0 { power = power.concatenating(r.instanceTransform) }
            guard power.isFinite else { break }
            let f = Double(k)
            let color = InstanceColor(red: base.0 + f * offset.0, green: base.1 + f * offset.1,
                                      blue: base.2 + f * offset.2, alpha: base.3 + f * offset.3)
            let transform = k == 0 || r.instanceTransform == CATransform3DIdentity
                ? CATransform3DIdentity : toAnchor.concatenating(power).concatenating(fromAnchor)
            out.append(SublayerInstance(index: k, transform: transform, delay: f * r.instanceDelay, color: color))
        }
        return out
    }
}
