import Foundation

/// The tiles of one `CATiledLayer`: drawn on background threads when a frame first needs them,
/// kept under the process-wide byte budget (`TileBudget`: least recently used first out, across
/// every tiled layer) and faded in from the first frame that shows them, over the layer class's
/// `fadeDuration()` as it answers then (read per tile: a subclass may change it while running).
///
/// Shared by the layer, its presentation copies and every snapshot of it, so all hosts read one
/// cache. A frame asks for its tiles with `tiles(for:grid:flipped:wait:now:)`: missing ones are
/// queued for drawing (each once, however many frames ask); offline hosts pass `wait: true` and
/// get every tile they asked for, so their frames are deterministic; a live host gets what is
/// ready and the rest in a later frame. `invalidate(_:)` (from `setNeedsDisplay`) drops the tiles
/// meeting a rectangle; drawings already under way for them are discarded.
final class TileStore: @unchecked Sendable {   // all mutable state is under `lock`
    /// One drawn tile.
    final class Tile: @unchecked Sendable {    // `firstShown`/`lastUse` change under the store's lock
        let texture: TextureResource
        /// Bounds space (points), cut to the bounds.
        let rect: CGRect
        var firstShown: CFTimeInterval?
        /// Seconds this tile fades in over (the class's `fadeDuration()` when first shown).
        var fadeDuration: CFTimeInterval = 0
        var lastUse: UInt64
        init(texture: TextureResource, rect: CGRect, lastUse: UInt64) {
            self.texture = texture; self.rect = rect; self.lastUse = lastUse
        }
        var bytes: Int { texture.height * texture.stride }
    }

    /// The tiling the cached tiles were drawn for; a frame with another one empties the cache.
    struct Layout: Equatable, Sendable {
        let grid: TileGrid
        let flipped: Bool
    }

    /// Draws the tiles (`draw(in:)` through the delegate). Weak: the layer owns the store.
    weak var layer: CALayer?
    /// The layer class's `fadeDuration()` now, seconds (finite, not negative; 0 once the
    /// layer is gone).
    var fadeDuration: CFTimeInterval {
        guard let layer = layer as? CATiledLayer else { return 0 }
        let d = type(of: layer).fadeDuration()
        return d.isFinite ? max(0, d) : 0
    }
    /// The budget this store's tiles count against (`TileBudget.shared` unless a test gives it
    /// its own before drawing).
    var budget: TileBudget {
        get { lock.withLock { sharedBudget } }
        set {
            let old = lock.withLock { () -> TileBudget in defer { sharedBudget = newValue }; return sharedBudget }
            old.unregister(self)
            newValue.register(self)
            newValue.enforce()
        }
    }

    private let lock = NSLock()
    private var sharedBudget = TileBudget.shared
    private var layout: Layout?
    private var cached: [TileKey: Tile] = [:]
    private var drawing: Set<TileKey> = []
    private var generation: UInt64 = 0
    private var stamp: UInt64 = 0
    private var bytes = 0
    private var draws = 0
    private let inFlight = DispatchGroup()
    private var reportedTruncation = false

    init(layer: CALayer) {
        self.layer = layer
        TileBudget.shared.register(self)
    }

    /// What tests and benchmarks read: tiles drawn so far (delegate calls), tiles and bytes kept.
    var statistics: (draws: Int, tiles: Int, bytes: Int) { lock.withLock { (draws, cached.count, bytes) } }

    /// The most tiles one frame draws: what the budget holds (at least 16).
    func frameLimit(tilePixels: CGSize) -> Int {
        let tileBytes = max(1, Int(tilePixels.width * tilePixels.height) * 4)
        return max(16, budget.bytes / tileBytes)
    }

    /// The tiles `keys` for a frame at local time `now`, each with its fade-in opacity (0…1);
    /// with `wait`, after drawing every missing one.
    func tiles(for keys: [TileKey], layout: Layout, wait: Bool, now: CFTimeInterval) -> [(Tile, Double)] {
        var rounds = wait ? 3 : 1   // a tile discarded by a concurrent invalidation is asked for again
        while true {
            rounds -= 1
            let missing = request(keys, layout: layout)
            guard wait, rounds > 0, !missing.isEmpty else { break }
            inFlight.wait()
        }
        let fadeDuration = keys.isEmpty ? 0 : fadeDuration       // the class's answer, outside the lock
        return lock.withLock {
            keys.compactMap { k in
                guard let t = cached[k] else { return nil }
                t.lastUse = stamp
                if t.firstShown == nil { t.firstShown = now; t.fadeDuration = fadeDuration }
                return (t, fade(t, now: now))
            }
        }
    }

    /// Marks the cached tiles of `keys` used and queues the missing ones; returns the missing.
    private func request(_ keys: [TileKey], layout: Layout) -> [TileKey] {
        let (toDraw, missing, gen) = lock.withLock { () -> ([TileKey], [TileKey], UInt64) in
            if layout != self.layout { dropAll(); self.layout = layout }
            stamp = sharedBudget.tick()
            var toDraw: [TileKey] = [], missing: [TileKey] = []
            for k in keys {
                if let t = cached[k] { t.lastUse = stamp; continue }
                missing.append(k)
                if drawing.insert(k).inserted { toDraw.append(k) }
            }
            return (toDraw, missing, generation)
        }
        for k in toDraw {
            inFlight.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                defer { inFlight.leave() }
                let rect = layout.grid.rect(of: k)
                let texture = layer.flatMap {
                    TileDrawing.draw($0, rect: rect, pixelsPerPoint: layout.grid.scale(ofLevel: k.level),
                                     flipped: layout.flipped)
                }
                finish(k, texture: texture, rect: rect, layout: layout, generation: gen)
            }
        }
        return missing
    }

    private func finish(_ key: TileKey, texture: TextureResource?, rect: CGRect, layout: Layout, generation gen: UInt64) {
        let budget = lock.withLock { () -> TileBudget? in
            drawing.remove(key)
            if texture != nil { draws += 1 }
            guard let texture, gen == generation, layout == self.layout else { return nil }
            let tile = Tile(texture: texture, rect: rect, lastUse: stamp)
            cached[key] = tile
            bytes += tile.bytes
            return sharedBudget
        }
        budget?.enforce()   // outside the lock: it takes other stores' locks one at a time
    }

    /// The bytes held and the last use of the least recently used tile that the latest frame
    /// does not show (nil: none can go), for `TileBudget`.
    func usage() -> (bytes: Int, oldestEvictable: UInt64?) {
        lock.withLock {
            (bytes, cached.values.lazy.filter { $0.lastUse < self.stamp }.map(\.lastUse).min())
        }
    }

    /// Drops the least recently used tile the latest frame does not show; false when none can go.
    func evictOldest() -> Bool {
        lock.withLock {
            guard let (key, tile) = cached.filter({ $0.value.lastUse < stamp }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { return false }
            cached[key] = nil
            bytes -= tile.bytes
            return true
        }
    }

    private func fade(_ t: Tile, now: CFTimeInterval) -> Double {
        guard t.fadeDuration > 0, let start = t.firstShown, now >= start else { return 1 }
        return min(1, (now - start) / t.fadeDuration)
    }

    private func dropAll() {
        cached.removeAll(); bytes = 0; generation += 1
    }

    /// Drops the tiles meeting `rect` (bounds space; null: all); drawings under way are discarded.
    func invalidate(_ rect: CGRect) {
        lock.withLock {
            generation += 1
            guard !rect.isNull else { return dropAll() }
            for (k, t) in cached where t.rect.intersects(rect) { cached[k] = nil; bytes -= t.bytes }
        }
    }

    /// Reports, once per layer, a frame that needed more tiles than it may draw.
    func noteTruncated(_ count: Int) {
        let first = lock.withLock { () -> Bool in defer { reportedTruncation = true }; return !reportedTruncation }
        guard first else { return }
        CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: "levelsOfDetail",
            "a CATiledLayer frame needs more tiles than its cache holds at its coarsest level; only the \(count) nearest the centre are drawn (add levelsOfDetail to zoom out further)"))
    }
}
