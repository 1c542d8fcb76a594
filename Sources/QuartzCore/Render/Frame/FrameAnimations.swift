/// A producer's running animations as the render side keeps them (DESIGN.md §4): the
/// `AnimationTicker` over the animated layers of its render tree and their ancestors (whose
/// timing gives each layer its local time), rebuilt only when a commit reaches the tree, ticked
/// once per frame. The frame builder takes an animated layer's presentation state from it
/// (`FrameBuilder.visibleState`) instead of evaluating the layer's animations while it walks;
/// the values are those of `AnimationEvaluator.apply`, the one evaluator `presentation()`
/// uses (the ticker's compiled records are the same `CompiledAnimation`s, the rest goes
/// through the evaluator itself).
final class FrameAnimations {
    private var ticker = AnimationTicker()
    /// Ticker target of each animated layer (ancestors are targets but not listed).
    private var targets: [UInt64: Int] = [:]
    private var builtGeneration: UInt64?
    /// How many times the ticker was rebuilt (tests).
    private(set) var rebuilds = 0

    /// Rebuilds the ticker when the tree's generation moved, then evaluates it at host time
    /// `time` for the tree rooted at `root` whose snapshots are `layers`.
    func tick(tree: RenderTree, layers: [UInt64: LayerSnapshot], root: UInt64, generation: UInt64,
              at time: CFTimeInterval) {
        if builtGeneration != generation { rebuild(tree: tree, layers: layers, root: root, generation: generation) }
        if !targets.isEmpty { ticker.tick(at: time) }
    }

    private func rebuild(tree: RenderTree, layers: [UInt64: LayerSnapshot], root: UInt64, generation: UInt64) {
        rebuilds += 1
        ticker = AnimationTicker()
        targets = [:]
        builtGeneration = generation
        let (animated, parents, treeGeneration) = tree.animatedWithParents()
        // Parent links from another generation than `layers` could pair a layer with the
        // wrong clock: take none then (the builder evaluates those layers itself).
        guard treeGeneration == generation else { return }
        var added: [UInt64: Int] = [:]
        var chain: [UInt64] = []
        for id in animated.sorted() {
            chain.removeAll(keepingCapacity: true)
            var top = id
            chain.append(top)
            while top != root, let p = parents[top], chain.count <= layers.count {
                chain.append(p); top = p
            }
            guard top == root else { continue }   // not drawn from this root
            var parent: Int?
            for layer in chain.reversed() {
                if let known = added[layer] { parent = known; continue }
                guard let s = layers[layer] else { parent = nil; break }
                let i = ticker.add(state: s.state, animations: s.animations, custom: s.customValues, table: s.table,
                                   parent: parent)
                added[layer] = i
                parent = i
            }
            if let p = parent, layers[id] != nil { targets[id] = p }
        }
    }

    /// The presentation state of layer `id` at local time `local`, when the last tick evaluated
    /// it at exactly that time (a layer drawn at another time — a replicator instance, a
    /// transition's old tree — is evaluated by the caller).
    func state(of id: UInt64, local: CFTimeInterval) -> LayerState? {
        guard let i = targets[id], ticker.localTimes[i] == local else { return nil }
        return ticker.states[i]
    }
}
