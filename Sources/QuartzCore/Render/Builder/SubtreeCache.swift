import CoreGraphics
import Foundation

/// The quads of static subtrees from earlier frames, per host (`FrameProducer`), by layer id
/// (FrameBuilder+Reuse), and of runs of static siblings, by the run's first layer id. An entry
/// holds the snapshots it was drawn from, so their identities stay unique while it is kept;
/// entries not used for `maxIdleFrames` frames are dropped, and the cache never holds more
/// than `maximumQuads` quads (the oldest entries go first). Used by one producer on one thread
/// at a time, so unlocked.
///
/// An entry is valid while every one of its snapshots is still the tree's. That check walks the
/// snapshots, so an entry remembers the render tree's generation it was last checked at
/// (`RenderTree.generation`): until a commit reaches the tree, a reuse is one comparison.
final class SubtreeCache {
    /// How a subtree was placed: everything its quads depend on besides its snapshots.
    struct Placement: Equatable {
        var parentSublayerSpace: CATransform3D
        var parentToTarget: ProjectiveTransform
        var opacity: Double
        var clip: CGRect?
        var flipParity: Bool
        var target: CGRect
    }

    final class Entry {
        let placement: Placement
        let snapshots: [LayerSnapshot]
        /// The quads, shared by reference with every frame that draws them (`QuadList.append(run:)`).
        let run: QuadRun
        var quads: [DrawQuad] { run.quads }
        /// A run's layers, in drawing order (empty for a subtree entry).
        let ids: [UInt64]
        var lastFrame: UInt64
        /// The tree generation at which the snapshots were last found current (nil: never).
        var checkedGeneration: UInt64?
        init(placement: Placement, snapshots: [LayerSnapshot], quads: [DrawQuad], ids: [UInt64] = [],
             frame: UInt64, generation: UInt64?) {
            self.placement = placement; self.snapshots = snapshots; run = QuadRun(quads); self.ids = ids
            lastFrame = frame; checkedGeneration = generation
        }

        /// Whether every snapshot is still the one in `layers` (known at `generation`).
        func isCurrent(in layers: [UInt64: LayerSnapshot], generation: UInt64?) -> Bool {
            if let g = generation, checkedGeneration == g { return true }
            guard snapshots.allSatisfy({ layers[$0.id] === $0 }) else { return false }
            checkedGeneration = generation
            return true
        }
    }

    /// Subtrees larger than this are not kept whole (their parts are).
    static let maximumSubtree = 4096
    let maxIdleFrames: UInt64 = 60
    let maximumQuads = 1 << 20
    private var entries: [UInt64: Entry] = [:]
    private var runs: [UInt64: Entry] = [:]
    private var frame: UInt64 = 0
    private var quadCount = 0
    /// Subtrees reused and drawn, runs of siblings reused, and entries (subtrees and runs) made
    /// (for tests and benchmarks).
    private(set) var hits = 0, misses = 0, runHits = 0, stores = 0

    /// The entry of layer `id` when it was placed the same way and every snapshot of its
    /// subtree is still the one in `layers` (`generation`: the tree's, nil when unknown).
    func entry(for id: UInt64, placement: Placement, layers: [UInt64: LayerSnapshot], generation: UInt64?) -> Entry? {
        guard let e = entries[id], e.placement == placement,
              e.isCurrent(in: layers, generation: generation) else { misses += 1; return nil }
        e.lastFrame = frame
        hits += 1
        return e
    }

    func store(_ id: UInt64, placement: Placement, snapshots: [LayerSnapshot], quads: [DrawQuad],
               generation: UInt64?) -> Entry {
        let e = Entry(placement: placement, snapshots: snapshots, quads: quads, frame: frame, generation: generation)
        stores += 1
        if let old = entries.updateValue(e, forKey: id) { quadCount -= old.quads.count }
        quadCount += quads.count
        if quadCount > maximumQuads { evict(keepingFrame: frame) }
        return e
    }

    /// The run of siblings that starts at `ids[start]`, when it was drawn from the same layers in
    /// the same order, placed the same way, and its snapshots are current.
    func run(in ids: [UInt64], from start: Int, placement: Placement, layers: [UInt64: LayerSnapshot],
             generation: UInt64?) -> Entry? {
        guard let e = runs[ids[start]] else { return nil }
        let end = start + e.ids.count
        guard end <= ids.count, e.placement == placement, e.ids.elementsEqual(ids[start..<end]),
              e.isCurrent(in: layers, generation: generation) else { return nil }
        e.lastFrame = frame
        runHits += 1
        return e
    }

    func storeRun(_ ids: [UInt64], placement: Placement, snapshots: [LayerSnapshot], quads: [DrawQuad],
                  generation: UInt64?) {
        guard let first = ids.first else { return }
        let e = Entry(placement: placement, snapshots: snapshots, quads: quads, ids: ids, frame: frame,
                      generation: generation)
        stores += 1
        if let old = runs.updateValue(e, forKey: first) { quadCount -= old.quads.count }
        quadCount += quads.count
        if quadCount > maximumQuads { evict(keepingFrame: frame) }
    }

    /// Sublayers in drawing order by parent, as of a tree generation (sorting them reads every
    /// sublayer's snapshot).
    private var orders: [UInt64: (generation: UInt64, order: [UInt64])] = [:]

    /// The drawing order of `parent`'s sublayers: `make()`'s, kept while no commit reaches the
    /// tree (`generation`; nil: unknown, never kept).
    func drawingOrder(of parent: UInt64, generation: UInt64?, _ make: () -> [UInt64]) -> [UInt64] {
        guard let generation else { return make() }
        if let known = orders[parent], known.generation == generation { return known.order }
        let order = make()
        orders[parent] = (generation, order)
        return order
    }

    /// Marks the start of a frame; drops entries idle too long.
    func beginFrame() {
        frame += 1
        guard frame % 16 == 0 else { return }
        evict(keepingFrame: frame > maxIdleFrames ? frame - maxIdleFrames : 0)
    }

    /// Drops entries last used before `keepingFrame`; if still over budget, everything.
    private func evict(keepingFrame: UInt64) {
        entries = entries.filter { $0.value.lastFrame >= keepingFrame }
        runs = runs.filter { $0.value.lastFrame >= keepingFrame }
        orders = [:]
        quadCount = (entries.values.reduce(0) { $0 + $1.quads.count }) + (runs.values.reduce(0) { $0 + $1.quads.count })
        if quadCount > maximumQuads { entries = [:]; runs = [:]; quadCount = 0 }
    }

    /// Counters back to zero (tests).
    func resetCounters() { hits = 0; misses = 0; runHits = 0; stores = 0 }
}
