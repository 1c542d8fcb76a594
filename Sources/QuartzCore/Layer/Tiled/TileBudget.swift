import Foundation
import Synchronization

/// The byte budget for `CATiledLayer` tiles, shared by every tiled layer of the process
/// (`shared`, 64 MiB) with one least-recently-used order: when the tiles of all layers together
/// pass it, the least recently shown tile of any layer goes first, never one that its layer's
/// latest frame shows. So a screen of many tiled layers holds what one would, not 64 MiB each.
///
/// Stores are held weakly: a released layer's tiles stop counting with it. Tests give a layer
/// a private budget (`TileStore.budget`) so that parallel tests do not evict each other's tiles.
final class TileBudget: Sendable {
    /// 64 MiB: 256 tiles of 256 × 256 pixels, a 4K viewport's tiles four times over.
    static let defaultBytes = 64 << 20
    /// The budget every tiled layer uses unless given another.
    static let shared = TileBudget(bytes: defaultBytes)

    private struct Entry { weak var store: TileStore? }
    private let state: Mutex<(bytes: Int, stores: [Entry])>
    /// Orders tile uses across stores (their frame stamps), so "least recently used" is global.
    private let clock = Atomic<UInt64>(0)

    init(bytes: Int) { state = Mutex((max(0, bytes), [])) }

    /// Bytes of tile pixels kept at most, beyond the tiles of each layer's latest frame.
    var bytes: Int {
        get { state.withLock { $0.bytes } }
        set { state.withLock { $0.bytes = max(0, newValue) } }
    }

    /// Bytes the live stores under this budget hold now.
    var usedBytes: Int { liveStores().reduce(0) { $0 + $1.usage().bytes } }

    /// A stamp later than every one handed out before.
    func tick() -> UInt64 { clock.add(1, ordering: .relaxed).newValue }

    func register(_ store: TileStore) {
        state.withLock { s in
            s.stores.removeAll { $0.store == nil }
            s.stores.append(Entry(store: store))
        }
    }

    func unregister(_ store: TileStore) {
        state.withLock { s in s.stores.removeAll { $0.store == nil || $0.store === store } }
    }

    /// Evicts the least recently used evictable tile of any store until the stores together
    /// hold no more than `bytes`. Takes each store's lock on its own (never two at once, and
    /// never this budget's lock with a store's), so stores may call it from any thread.
    func enforce() {
        while true {
            let stores = liveStores()
            var total = 0
            var victim: (store: TileStore, stamp: UInt64)?
            for s in stores {
                let u = s.usage()
                total += u.bytes
                if let o = u.oldestEvictable, o < (victim?.stamp ?? .max) { victim = (s, o) }
            }
            guard total > bytes, let victim, victim.store.evictOldest() else { return }
        }
    }

    private func liveStores() -> [TileStore] { state.withLock { $0.stores.compactMap(\.store) } }
}
