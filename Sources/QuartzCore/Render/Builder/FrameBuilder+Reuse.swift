/// Frames that cost what changed: a subtree whose snapshots are the very objects of an earlier
/// frame, that nothing animates (no animation, emitter, transform layer or rasterization in
/// it) and that drew no pass of its own, is drawn again by the same quads when it is placed
/// the same way (parent space, target transform, opacity, clip, flip, target). Consecutive
/// siblings that are all such subtrees form a run, reused as one (a dynamic parent — one
/// moving sublayer among thousands of still ones — then costs one check per run, not per
/// sibling). The check is one identity comparison per snapshot, or none while no commit has
/// reached the tree since it was last made (`SubtreeCache.Entry.isCurrent`).
///
/// A subtree holding a layer changed before this frame and before the previous one too
/// (`LayerSnapshot.changesEveryFrame`) is drawn but not kept: layers set every frame (a
/// thousand moving sprites) would otherwise copy their quads, boxes and snapshots into entries
/// every frame that the next frame throws away. A layer changed once is kept at once, as before;
/// one set every frame is kept in the first frame that finds it unchanged.
extension FrameBuilder {
    /// Draws layer `id` (see `emitLayerUncached`); returns the cache entry its quads are kept
    /// in when the subtree is static (reused or stored), nil otherwise.
    @discardableResult
    mutating func emitLayer(_ id: UInt64, parentTime: CFTimeInterval, parentSublayerSpace: CATransform3D,
                            parentToTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                            flipParity: Bool, into quads: inout QuadList) -> SubtreeCache.Entry? {
        guard let cache = subtreeCache else {
            emitLayerUncached(id, parentTime: parentTime, parentSublayerSpace: parentSublayerSpace,
                              parentToTarget: parentToTarget, opacity: opacity, clip: clip,
                              flipParity: flipParity, into: &quads)
            return nil
        }
        let inputs = SubtreeCache.Placement(parentSublayerSpace: parentSublayerSpace, parentToTarget: parentToTarget,
                                            opacity: opacity, clip: clip, flipParity: flipParity,
                                            target: currentTarget)
        return emitLayer(id, placement: inputs, cache: cache, parentTime: parentTime, into: &quads)
    }

    private mutating func emitLayer(_ id: UInt64, placement inputs: SubtreeCache.Placement, cache: SubtreeCache,
                                    parentTime: CFTimeInterval, into quads: inout QuadList) -> SubtreeCache.Entry? {
        guard let snap = layers[id] else { return nil }
        // A layer changed before each of the last frames is in no current entry: not looked up.
        let changing = snap.changesEveryFrame(frameSerials)
        if !changing, let hit = cache.entry(for: id, placement: inputs, layers: layers, generation: layersGeneration) {
            quads.append(run: hit.run)
            if recordsVisits { visited.append(shared: hit.snapshots) }
            return hit
        }
        let firstQuad = quads.count, passCount = passes.count, dynamicBefore = dynamicLayers
        let firstVisited = visited.mark, parentRecords = recordsVisits
        // A dynamic layer (or one changed every frame) is not kept, nor is any ancestor: below
        // it nothing records visits (its static descendants record their own when drawn).
        let mayKeep = !snap.isDynamic && !changing
        if !mayKeep { dynamicLayers += 1 }
        if mayKeep { visited.append(snap) }
        recordsVisits = mayKeep
        emitLayerUncached(id, parentTime: parentTime, parentSublayerSpace: inputs.parentSublayerSpace,
                          parentToTarget: inputs.parentToTarget, opacity: inputs.opacity, clip: inputs.clip,
                          flipParity: inputs.flipParity, into: &quads)
        recordsVisits = parentRecords
        defer { if !parentRecords { visited.remove(since: firstVisited) } }
        guard mayKeep, dynamicLayers == dynamicBefore, passes.count == passCount,
              visited.count(since: firstVisited) <= SubtreeCache.maximumSubtree else { return nil }
        return cache.store(id, placement: inputs, snapshots: visited.snapshots(since: firstVisited),
                           quads: quads.array(firstQuad..<quads.count), generation: layersGeneration)
    }

    /// Sublayers `order` of one parent, all placed the same way: runs of static siblings from
    /// the cache where they are current, the rest drawn (and new runs kept for the next frame).
    mutating func emitChildren(_ order: [UInt64], parentTime: CFTimeInterval, parentSublayerSpace: CATransform3D,
                               parentToTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                               flipParity: Bool, into quads: inout QuadList) {
        guard let cache = subtreeCache, order.count > 1 else {
            for child in order {
                emitLayer(child, parentTime: parentTime, parentSublayerSpace: parentSublayerSpace,
                          parentToTarget: parentToTarget, opacity: opacity, clip: clip, flipParity: flipParity,
                          into: &quads)
            }
            return
        }
        let placement = SubtreeCache.Placement(parentSublayerSpace: parentSublayerSpace, parentToTarget: parentToTarget,
                                               opacity: opacity, clip: clip, flipParity: flipParity,
                                               target: currentTarget)
        // The run being drawn: its first index and quad, and its siblings' entries.
        var runStart = 0, runQuad = quads.count
        var runEntries: [SubtreeCache.Entry] = []
        func closeRun(_ quads: QuadList, upTo end: Int, quadEnd: Int) {
            if runEntries.count > 1 {
                cache.storeRun(Array(order[runStart..<end]), placement: placement,
                               snapshots: runEntries.flatMap(\.snapshots), quads: quads.array(runQuad..<quadEnd),
                               generation: layersGeneration)
            }
            runEntries.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < order.count {
            if runEntries.isEmpty,
               let run = cache.run(in: order, from: i, placement: placement, layers: layers, generation: layersGeneration) {
                quads.append(run: run.run)
                if recordsVisits { visited.append(shared: run.snapshots) }
                i += run.ids.count
                continue
            }
            if runEntries.isEmpty { runStart = i; runQuad = quads.count }
            let before = quads.count
            if let entry = emitLayer(order[i], placement: placement, cache: cache, parentTime: parentTime, into: &quads) {
                runEntries.append(entry)
                if runEntries.count == SubtreeCache.maximumSubtree { closeRun(quads, upTo: i + 1, quadEnd: quads.count) }
            } else {
                closeRun(quads, upTo: i, quadEnd: before)   // the run ends before a sibling that is not static
            }
            i += 1
        }
        closeRun(quads, upTo: order.count, quadEnd: quads.count)
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
