/// Frames that cost what changed: a subtree whose snapshots are the very objects of an earlier
/// frame, that nothing animates (no animation, emitter, transform layer or rasterization in
/// it) and that drew no pass of its own, is drawn again by the same quads when it is placed
/// the same way (parent space, target transform, opacity, clip, flip, target). The check is
/// one identity comparison per snapshot of the subtree; its drawing is skipped.
extension FrameBuilder {
    mutating func emitLayer(_ id: UInt64, parentTime: CFTimeInterval, parentSublayerSpace: CATransform3D,
                            parentToTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                            flipParity: Bool, into quads: inout [DrawQuad]) {
        guard let cache = subtreeCache else {
            return emitLayerUncached(id, parentTime: parentTime, parentSublayerSpace: parentSublayerSpace,
                                     parentToTarget: parentToTarget, opacity: opacity, clip: clip,
                                     flipParity: flipParity, into: &quads)
        }
        let inputs = SubtreeCache.Placement(parentSublayerSpace: parentSublayerSpace, parentToTarget: parentToTarget,
                                            opacity: opacity, clip: clip, flipParity: flipParity,
                                            target: currentTarget)
        if let hit = cache.entry(for: id, placement: inputs, layers: layers) {
            quads.append(contentsOf: hit.quads)
            if recordsVisits { visited.append(contentsOf: hit.snapshots) }
            return
        }
        guard let snap = layers[id] else { return }
        let firstQuad = quads.count, passCount = passes.count, dynamicBefore = dynamicLayers
        let firstVisited = visited.count, parentRecords = recordsVisits
        // A dynamic layer is never kept, nor is any ancestor: below it nothing records visits
        // (its static descendants record their own when they are drawn).
        let mayKeep = !snap.isDynamic
        if !mayKeep { dynamicLayers += 1 }
        if mayKeep { visited.append(snap) }
        recordsVisits = mayKeep
        emitLayerUncached(id, parentTime: parentTime, parentSublayerSpace: parentSublayerSpace,
                          parentToTarget: parentToTarget, opacity: opacity, clip: clip, flipParity: flipParity,
                          into: &quads)
        recordsVisits = parentRecords
        defer { if !parentRecords { visited.removeSubrange(firstVisited...) } }
        guard mayKeep, dynamicLayers == dynamicBefore, passes.count == passCount,
              visited.count - firstVisited <= SubtreeCache.maximumSubtree else { return }
        cache.store(id, placement: inputs, snapshots: Array(visited[firstVisited...]),
                    quads: Array(quads[firstQuad...]))
    }
}

extension LayerSnapshot {
    /// Whether the layer's drawing may change without a new snapshot: it animates (transitions
    /// included), its class draws with time (`LayerRenderer.drawsWithTime`: emitters, transform
    /// layers) or it is rasterized (its own cache). A layer that is no plane (a replicator with
    /// `preservesDepth`) reads its sublayers past the reuse, as a transform layer does.
    var isDynamic: Bool {
        !animations.isEmpty || renderer.drawsWithTime || state.shouldRasterize || !renderer.isPlane(state)
    }
}
