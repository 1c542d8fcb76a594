import CoreGraphics
import Foundation

/// The quads of static subtrees from earlier frames, per host (`FrameProducer`), by layer id
/// (FrameBuilder+Reuse). An entry holds the subtree's snapshots, so their identities stay
/// unique while it is kept; entries not used for `maxIdleFrames` frames are dropped, and the
/// cache never holds more than `maximumQuads` quads (the oldest entries go first). Used by
/// one producer on one thread at a time, so unlocked.
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
        let quads: [DrawQuad]
        var lastFrame: UInt64
        init(placement: Placement, snapshots: [LayerSnapshot], quads: [DrawQuad], frame: UInt64) {
            self.placement = placement; self.snapshots = snapshots; self.quads = quads; lastFrame = frame
        }
    }

    /// Subtrees larger than this are not kept whole (their parts are).
    static let maximumSubtree = 4096
    let maxIdleFrames: UInt64 = 60
    let maximumQuads = 1 << 20
    private var entries: [UInt64: Entry] = [:]
    private var frame: UInt64 = 0
    private var quadCount = 0
    /// Subtrees reused and drawn (for tests and benchmarks).
    private(set) var hits = 0, misses = 0

    /// The entry of layer `id` when it was placed the same way and every snapshot of its
    /// subtree is still the one in `layers`.
    func entry(for id: UInt64, placement: Placement, layers: [UInt64: LayerSnapshot]) -> Entry? {
        guard let e = entries[id], e.placement == placement,
              e.snapshots.allSatisfy({ layers[$0.id] === $0 }) else { misses += 1; return nil }
        e.lastFrame = frame
        hits += 1
        return e
    }

    func store(_ id: UInt64, placement: Placement, snapshots: [LayerSnapshot], quads: [DrawQuad]) {
        if let old = entries[id] { quadCount -= old.quads.count }
        entries[id] = Entry(placement: placement, snapshots: snapshots, quads: quads, frame: frame)
        quadCount += quads.count
        if quadCount > maximumQuads { evict(keepingFrame: frame) }
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
        quadCount = entries.values.reduce(0) { $0 + $1.quads.count }
        if quadCount > maximumQuads { entries = [:]; quadCount = 0 }
    }

    /// Counters back to zero (tests).
    func resetCounters() { hits = 0; misses = 0 }
}
