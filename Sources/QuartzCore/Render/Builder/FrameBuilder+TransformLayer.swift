/// `CATransformLayer` (https://developer.apple.com/documentation/quartzcore/catransformlayer):
/// a layer that is not a plane. Its sublayers are placed by 4 × 4 matrices straight into the
/// plane of the nearest flattening ancestor, so each is flattened once, by the homography of its
/// whole 3D path (a face rotated about y inside a rotated transform layer lands where a real 3D
/// object's face would). The layer draws nothing of its own and never makes a pass.
///
/// The sublayers of a transform layer, and those of transform layers nested in it, form one 3D
/// rendering context: they are drawn back to front by the z of their bounds' centres in the
/// plane's space (after the perspective divide), ties in tree order. Opacity multiplies down
/// to each sublayer; the clip in force passes through (`masksToBounds` is ignored).
struct TransformLayerRenderer: LayerRenderer {
    var isPlane: Bool { false }
    var drawsWithTime: Bool { true }

    func emitWithoutPlane(_ layer: LayerDrawing, toPlane: CATransform3D, builder: inout FrameBuilder,
                          into quads: inout QuadList) {
        builder.emitDepthContext(layer.snapshot, layer.state, local: layer.local, toPlane: toPlane,
                                 planeToTarget: layer.toTarget, opacity: layer.opacity, clip: layer.clip,
                                 flipped: layer.flipped, into: &quads)
    }

    /// Drawn in its own space (`render(in:)` on the layer, a shadow caster): the context's
    /// plane is the layer's bounds.
    func emitBody(_ layer: LayerDrawing, builder: inout FrameBuilder, into quads: inout QuadList) {
        emitWithoutPlane(layer, toPlane: CATransform3DIdentity, builder: &builder, into: &quads)
    }
}

extension FrameBuilder {
    /// One sublayer of a 3D rendering context, ready for `emitLayer`.
    private struct DepthMember {
        var id: UInt64
        var parentTime: CFTimeInterval
        /// The parent's sublayer space → the plane (what `emitLayer` calls parentSublayerSpace).
        var parentSpace: CATransform3D
        var opacity: Double
        var flipParity: Bool
        var depth: Double
        /// The colour of the replicator instances it is drawn in (white outside any).
        var color = InstanceColor.white
        /// Drawn for a replicator instance past the first: outside subtree reuse (+Instances).
        var replicated = false
    }

    /// Draws the 3D rendering context of the transform layer `snap` (state `st` at local time
    /// `local`): `toPlane` maps its bounds space to the plane, `planeToTarget` the plane to the
    /// target's pixels.
    mutating func emitDepthContext(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                   toPlane: CATransform3D, planeToTarget: ProjectiveTransform, opacity: Double,
                                   clip: CGRect?, flipped: Bool, into quads: inout QuadList) {
        var members: [DepthMember] = []
        collectDepthMembers(snap, st, local: local, toPlane: toPlane, opacity: opacity, flipped: flipped,
                            into: &members)
        let order = members.indices.sorted {
            members[$0].depth != members[$1].depth ? members[$0].depth < members[$1].depth : $0 < $1
        }
        let cache = subtreeCache
        defer { subtreeCache = cache }
        for i in order {
            let m = members[i]
            subtreeCache = m.replicated ? nil : cache
            let firstQuad = quads.count, firstPass = passes.count
            emitLayer(m.id, parentTime: m.parentTime, parentSublayerSpace: m.parentSpace,
                      parentToTarget: planeToTarget, opacity: m.opacity, clip: clip, flipParity: m.flipParity,
                      into: &quads)
            multiplyColors(m.color, quads: &quads, from: firstQuad, passesFrom: firstPass)
        }
    }

    /// The members under `snap`, once per instance its class asks for (a replicator with
    /// `preservesDepth`; FrameBuilder+Instances, through the frame's `instanceList` memo as
    /// flattened replicators are), each with its instance's place, time and colour.
    private mutating func collectDepthMembers(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                     toPlane: CATransform3D, opacity: Double, flipped: Bool,
                                     color: InstanceColor = .white, replicated: Bool = false,
                                     into members: inout [DepthMember]) {
        let space = st.sublayerSpaceTransform
        let single = SublayerInstance(index: 0, transform: CATransform3DIdentity, delay: 0, color: .white)
        for inst in instanceList(of: snap, st, local: local, quadsSoFar: members.count) ?? [single] {
            guard members.count < FrameBuilder.maximumReplicatedQuads else { return }
            let instOpacity = opacity * inst.color.alpha
            guard instOpacity > 0 else { continue }
            let sub = (inst.index == 0 ? space : inst.transform.concatenating(space)).concatenating(toPlane)
            let time = local - inst.delay
            let instColor = color.times(inst.color), instReplicated = replicated || inst.index > 0
            for child in snap.sublayers {
                guard let cs = layers[child] else { continue }
                let cl = MediaTiming.localTime(fromParent: time, beginTime: cs.state.beginTime,
                                               speed: cs.state.speed, timeOffset: cs.state.timeOffset)
                let cst = cs.presentationState(at: cl)
                guard !cst.isHidden else { continue }
                let childToPlane = cst.localTransform.concatenating(sub)
                if !cs.renderer.isPlane(cst) {
                    let alpha = instOpacity * Double(min(max(cst.opacity, 0), 1))
                    guard alpha > 0 else { continue }
                    collectDepthMembers(cs, cst, local: cl, toPlane: childToPlane, opacity: alpha,
                                        flipped: flipped != cst.isGeometryFlipped, color: instColor,
                                        replicated: instReplicated, into: &members)
                } else {
                    members.append(DepthMember(id: child, parentTime: time, parentSpace: sub, opacity: instOpacity,
                                               flipParity: flipped,
                                               depth: CATransformLayer.planeDepth(of: cst.bounds, childToPlane),
                                               color: instColor, replicated: instReplicated))
                }
            }
        }
    }
}
