import Foundation

/// Bitmaps of rasterized layers (`shouldRasterize`), kept across frames per host.
///
/// An entry is valid while the layer's subtree is unchanged: its signature is the list of the
/// subtree's snapshots (the render tree replaces a layer's snapshot whenever a commit changes
/// it, or its backing store is redrawn), compared by identity, plus the rasterization scale and
/// flip. A changed subtree replaces the entry; entries not used for `maxIdleFrames` frames are
/// dropped, and so are the oldest when the bitmaps exceed `budgetBytes`.
final class RasterCache: @unchecked Sendable {
    struct Key: Equatable {
        var snapshots: [ObjectIdentifier]
        var scale: Double
        var flipped: Bool
    }

    private final class Entry {
        let key: Key
        /// Held so that the identities in `key` cannot be reused by new snapshots.
        let snapshots: [LayerSnapshot]
        let passRect: CGRect
        let capture = PassCapture()
        var lastFrame: UInt64
        init(key: Key, snapshots: [LayerSnapshot], passRect: CGRect, frame: UInt64) {
            self.key = key; self.snapshots = snapshots; self.passRect = passRect; lastFrame = frame
        }
    }

    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var frame: UInt64 = 0
    let maxIdleFrames: UInt64 = 120
    let budgetBytes = 128 << 20
    /// Frames that reused a bitmap, and bitmaps (re)drawn (for tests and benchmarks).
    private(set) var hits = 0, misses = 0

    /// The cached bitmap of layer `id` and the pass rectangle it covers, when `snapshots` (the
    /// subtree), `scale` and `flipped` match the entry's and its pass has been drawn. nil
    /// `snapshots`: the subtree cannot be cached (it is drawn again; counted as a miss).
    func bitmap(for id: UInt64, snapshots: [LayerSnapshot]?, scale: Double, flipped: Bool)
        -> (texture: TextureResource, passRect: CGRect)? {
        lock.lock(); defer { lock.unlock() }
        guard let snapshots else { entries[id] = nil; misses += 1; return nil }
        let key = Key(snapshots: snapshots.map(ObjectIdentifier.init), scale: scale, flipped: flipped)
        guard let e = entries[id], e.key == key, let t = e.capture.texture else { misses += 1; return nil }
        e.lastFrame = frame
        hits += 1
        return (t, e.passRect)
    }

    /// A new entry for layer `id` whose pass will be drawn into the returned capture.
    func capture(for id: UInt64, snapshots: [LayerSnapshot], scale: Double, flipped: Bool,
                 passRect: CGRect) -> PassCapture {
        let key = Key(snapshots: snapshots.map(ObjectIdentifier.init), scale: scale, flipped: flipped)
        let e = Entry(key: key, snapshots: snapshots, passRect: passRect, frame: frame)
        lock.lock(); defer { lock.unlock() }
        entries[id] = e
        evictLocked()
        return e.capture
    }

    func beginFrame() {
        lock.lock(); defer { lock.unlock() }
        frame += 1
        entries = entries.filter { frame - $0.value.lastFrame <= maxIdleFrames }
    }

    /// Counters back to zero (tests).
    func resetCounters() { lock.lock(); hits = 0; misses = 0; lock.unlock() }

    private func evictLocked() {
        func bytes() -> Int {
            entries.values.reduce(0) { $0 + Int($1.passRect.width * $1.passRect.height) * 4 }
        }
        while bytes() > budgetBytes, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastFrame < $1.value.lastFrame }) {
            entries[oldest.key] = nil
        }
    }
}
