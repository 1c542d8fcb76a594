import Foundation

/// A host's copy of the layer trees it draws: layer snapshots by id, updated by commits.
///
/// One per host (offscreen renderer, window, test), never a singleton. A commit on any thread
/// sends each layer's snapshot only to the trees whose root is that layer or one of its
/// committed ancestors (`RenderTreeRegistry`); a tree keeps those of every layer it has been
/// told about, and a frame reads the ones reachable from its root.
/// Thread-safe: commits write under a lock, frames take a consistent copy (O(1), copy-on-write).
final class RenderTree: @unchecked Sendable {
    private let lock = NSLock()
    private var layers: [UInt64: LayerSnapshot] = [:]
    /// For each running `CATransition`, the layer's subtree as it was drawn before the commit
    /// that added it (what the transition animates from).
    private var transitions: [ObjectIdentifier: TransitionSource] = [:]
    private var commitsSincePrune = 0
    /// Counts the commits applied: snapshots are the same objects while it stays the same.
    private var generation: UInt64 = 0
    /// The model layers whose latest snapshot has animations (what a frame may redraw from a
    /// presentation copy, `FrameProducer`), so frames need not walk the model tree.
    private var animated: [UInt64: WeakLayer] = [:]
    private struct WeakLayer { weak var layer: CALayer? }
    /// The layer that last listed each layer as a sublayer or mask (may be stale for layers that
    /// left the tree: readers check the path they find, `FrameAnimations`).
    private var parents: [UInt64: UInt64] = [:]
    let rootID: UInt64
    /// Called after each commit applied to this tree, on the committing thread, outside the
    /// lock (a window's render thread waits for it when nothing animates: `WindowFrameLoop`).
    private var applyObserver: (@Sendable () -> Void)?

    /// Sets the function called after each commit applied to this tree (nil: none).
    func observeCommits(_ observer: (@Sendable () -> Void)?) {
        lock.lock(); applyObserver = observer; lock.unlock()
    }

    /// A tree for the committed tree under `root`, seeded with its current snapshots.
    init(root: CALayer) {
        rootID = root.layerID
        seed(root)
        RenderTreeRegistry.add(self)
    }

    /// Takes the snapshots of `layer`'s committed subtree (caller holds the lock, or init).
    private func seed(_ layer: CALayer) {
        guard let s = layer.makeSnapshot(), let c = layer.committed else { return }
        layers[s.id] = s
        noteAnimations(s, layer)
        noteChildren(s)
        for child in c.sublayers { seed(child) }
        if let m = c.mask { seed(m) }
    }

    private func noteAnimations(_ s: LayerSnapshot, _ layer: CALayer) {
        if s.animations.isEmpty { animated[s.id] = nil } else { animated[s.id] = WeakLayer(layer: layer) }
    }

    private func noteChildren(_ s: LayerSnapshot) {
        for child in s.sublayers { parents[child] = s.id }
        if let m = s.mask { parents[m] = s.id }
    }

    /// The layers whose latest snapshot has animations, with each one's parent chain as this
    /// tree knows it (`parents`), taken with the snapshots of one generation.
    func animatedWithParents() -> (ids: [UInt64], parents: [UInt64: UInt64], generation: UInt64) {
        lock.lock(); defer { lock.unlock() }
        return (Array(animated.keys), parents, generation)
    }

    /// The live model layers whose committed state has animations.
    func animatedLayers() -> [CALayer] {
        lock.lock(); defer { lock.unlock() }
        return animated.values.compactMap(\.layer)
    }

    /// A tree that holds `snapshots` and hears no commits (`render(in:)`'s model frame).
    init(fixed snapshots: [UInt64: LayerSnapshot], root: UInt64) {
        rootID = root
        layers = snapshots
    }

    deinit { RenderTreeRegistry.remove(self) }

    /// Applies one commit's snapshots (those routed to this tree). A layer attached in the
    /// commit that committed earlier elsewhere sends no snapshot of its own: its committed
    /// subtree is taken from the model (what `init(root:)` does for the whole tree).
    func apply(_ routed: [(snapshot: LayerSnapshot, layer: CALayer)]) {
        let snapshots = routed.map(\.snapshot)
        lock.lock()
        let observer = applyObserver
        defer { lock.unlock(); observer?() }
        generation &+= 1
        captureTransitionSourcesLocked(snapshots)
        for (s, layer) in routed {
            layers[s.id] = s; noteAnimations(s, layer)
            if s.changes?.tree ?? true { noteChildren(s) }
        }
        for (s, layer) in routed where !s.sublayers.isEmpty || s.mask != nil {
            guard let c = layer.committed else { continue }
            for child in c.sublayers where layers[child.layerID] == nil { seed(child) }
            if let m = c.mask, layers[m.layerID] == nil { seed(m) }
        }
        if !transitions.isEmpty { dropFinishedTransitionsLocked() }
        commitsSincePrune += 1
        if commitsSincePrune >= 64 { pruneLocked() }
    }

    /// The snapshots as of the last commit applied.
    func current() -> [UInt64: LayerSnapshot] {
        currentWithGeneration().layers
    }

    /// The snapshots as of the last commit applied, and that commit's generation (the same
    /// generation always comes with the same snapshots).
    func currentWithGeneration() -> (layers: [UInt64: LayerSnapshot], generation: UInt64) {
        lock.lock(); defer { lock.unlock() }
        return (layers, generation)
    }

    /// The subtrees running transitions animate from, by transition (`TransitionSource.key`).
    func transitionSources() -> [ObjectIdentifier: [UInt64: LayerSnapshot]] {
        lock.lock(); defer { lock.unlock() }
        return transitions.mapValues(\.layers)
    }

    /// Before a commit lands: for each transition that appears on a layer for the first time,
    /// the layer's subtree as this tree has it now (the old appearance).
    private func captureTransitionSourcesLocked(_ snapshots: [LayerSnapshot]) {
        for s in snapshots {
            for entry in s.animations where entry.animation is CATransition {
                let key = ObjectIdentifier(entry)
                guard transitions[key] == nil, let old = layers[s.id],
                      !old.animations.contains(where: { $0 === entry }) else { continue }
                var subtree: [UInt64: LayerSnapshot] = [:]
                var stack = [s.id]
                while let id = stack.popLast() {
                    guard subtree[id] == nil, let snap = layers[id] else { continue }
                    subtree[id] = snap
                    stack.append(contentsOf: snap.sublayers)
                    if let m = snap.mask { stack.append(m) }
                }
                transitions[key] = TransitionSource(entry: entry, layerID: s.id, layers: subtree)
            }
        }
    }

    /// Forgets sources whose transition is no longer on its layer (finished or removed).
    private func dropFinishedTransitionsLocked() {
        transitions = transitions.filter { _, source in
            layers[source.layerID]?.animations.contains { $0 === source.entry } ?? false
        }
    }

    /// Drops snapshots of layers no longer reachable from the root (so memory follows the tree).
    private func pruneLocked() {
        commitsSincePrune = 0
        var keep: [UInt64: LayerSnapshot] = [:]
        var stack = [rootID]
        while let id = stack.popLast() {
            guard let s = layers[id], keep[id] == nil else { continue }
            keep[id] = s
            stack.append(contentsOf: s.sublayers)
            if let m = s.mask { stack.append(m) }
        }
        // Keep recent unreachable layers too: they may be attached by the next commit.
        if keep.count < layers.count / 2 || layers.count - keep.count > 4096 {
            layers = keep
            animated = animated.filter { keep[$0.key] != nil && $0.value.layer != nil }
            parents = parents.filter { keep[$0.key] != nil }
        }
    }
}

/// Every live render tree by the id of its root, so a commit reaches only the trees that draw
/// what it changed (no process-wide fan-out).
enum RenderTreeRegistry {
    private final class Weak { weak var tree: RenderTree?; init(_ t: RenderTree) { tree = t } }
    nonisolated(unsafe) private static var trees: [UInt64: [Weak]] = [:]
    private static let lock = NSLock()

    static func add(_ t: RenderTree) { lock.lock(); trees[t.rootID, default: []].append(Weak(t)); lock.unlock() }

    /// Whether any render tree may be alive (commits skip snapshots when none is).
    static var hasTrees: Bool {
        lock.lock(); defer { lock.unlock() }
        return !trees.isEmpty
    }

    static func remove(_ t: RenderTree) {
        lock.lock(); defer { lock.unlock() }
        let kept = trees[t.rootID]?.filter { $0.tree != nil && $0.tree !== t } ?? []
        trees[t.rootID] = kept.isEmpty ? nil : kept
    }

    /// Sends each of a commit's snapshots to the trees rooted at its layer or at one of the
    /// layer's committed ancestors.
    static func publish(_ commit: TransactionCommit) {
        guard !commit.snapshots.isEmpty else { return }
        lock.lock(); let live = trees.mapValues { $0.compactMap(\.tree) }; lock.unlock()
        guard !live.isEmpty else { return }
        var routes: [ObjectIdentifier: [RenderTree]] = [:]
        func treesDrawing(_ layer: CALayer) -> [RenderTree] {
            if let known = routes[ObjectIdentifier(layer)] { return known }
            var found = live[layer.layerID] ?? []
            if let parent = layer.committedParent { found += treesDrawing(parent) }
            routes[ObjectIdentifier(layer)] = found
            return found
        }
        var batches: [ObjectIdentifier: (tree: RenderTree, items: [(snapshot: LayerSnapshot, layer: CALayer)])] = [:]
        for item in commit.snapshots {
            for t in treesDrawing(item.layer) { batches[ObjectIdentifier(t), default: (t, [])].items.append(item) }
        }
        for (_, batch) in batches { batch.tree.apply(batch.items) }
    }
}

/// What a running transition animates from: the layer's subtree before the commit that added
/// it. Holds the animation entry so its identity (the key) cannot be reused while kept.
struct TransitionSource {
    let entry: LayerAnimation
    let layerID: UInt64
    let layers: [UInt64: LayerSnapshot]
}
