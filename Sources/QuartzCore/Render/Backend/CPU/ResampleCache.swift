import CoreGraphics
import Synchronization

/// Texture quads drawn once at device scale and kept (`CPUCompositor+Resample`): a scaled or
/// sub-pixel placed image that stays at the same scale and pixel phase from frame to frame
/// (a still background, a layer moved by whole pixels) is then a whole-pixel copy each frame
/// instead of a resampling. The key is the texture's identity and generation, the quad's
/// source and local rects, filter, edge mode and hard edges, the linear part of its device
/// transform and the fraction of a pixel in its translation.
///
/// A quad is kept only when the same key was drawn in the previous frame, so a quad whose
/// scale or phase changes every frame (a zoom, a sub-pixel animation, a thousand rotating
/// sprites) costs one insertion, not a bitmap per frame: the keys of the previous and the
/// current frame are two lists swapped at each frame's start (nothing rebuilt per frame),
/// found through a table of one-word digests mixed from the keys' numbers. Lookups and the one build hold a lock, so every
/// band of a frame takes the same decision and the frame stays byte-identical to one thread.
final class ResampleCache: Sendable {
    struct Key: Hashable, Sendable {
        var texture: ObjectIdentifier
        var generation: UInt64
        var source, rect: CGRect
        var filter: TextureFilter
        var edge: TextureEdgeMode
        var aliased: QuadEdges
        var a, b, c, d, fx, fy: Double

        /// Every field, the numbers first: keys of one texture (a thousand sprites of one
        /// image) differ there, so a set's probe stops at the first compare.
        static func == (l: Key, r: Key) -> Bool {
            l.a == r.a && l.b == r.b && l.c == r.c && l.d == r.d && l.fx == r.fx && l.fy == r.fy
                && l.texture == r.texture && l.generation == r.generation && l.source == r.source
                && l.rect == r.rect && l.filter == r.filter && l.edge == r.edge && l.aliased == r.aliased
        }

        /// One word mixed from the fields that differ between quads (equal keys have equal
        /// digests; equality still compares every field).
        var digest: UInt64 {
            var m = UInt64(UInt(bitPattern: texture)) &* 0x9E37_79B9_7F4A_7C15 ^ generation
            // `+ 0` makes −0 the bits of +0, which it equals.
            func mix(_ v: Double) { m = (m ^ (v + 0).bitPattern) &* 0xBF58_476D_1CE4_E5B9; m ^= m >> 29 }
            mix(a); mix(b); mix(c); mix(d); mix(fx); mix(fy)
            return m
        }

        func hash(into h: inout Hasher) { h.combine(digest) }
    }

    let bitmaps: PixelCache<Key>
    /// Keys drawn without a bitmap in one frame: the keys in drawing order, found by digest
    /// (a table of small entries: a probe among thousands of 136-byte keys missed the cache).
    private struct Keys: Sendable {
        var list: [Key] = []
        var byDigest: [UInt64: Int] = [:]

        func contains(_ key: Key, digest: UInt64) -> Bool { byDigest[digest].map { list[$0] == key } ?? false }

        mutating func insert(_ key: Key, digest: UInt64) { byDigest[digest] = list.count; list.append(key) }

        mutating func removeAll() { list.removeAll(keepingCapacity: true); byDigest.removeAll(keepingCapacity: true) }
    }
    /// The previous frame's keys and this one's, swapped at each frame's start.
    private struct Seen: Sendable {
        var previous = Keys(), current = Keys()
    }
    private let seen = Mutex(Seen())

    init(budgetBytes: Int = 64 << 20) { bitmaps = PixelCache(budgetBytes: budgetBytes, maxIdleFrames: 30) }

    /// Marks the start of a frame: forgets keys not drawn in the previous one.
    func beginFrame() {
        bitmaps.beginFrame()
        seen.withLock { s in
            swap(&s.previous, &s.current)
            s.current.removeAll()
        }
    }

    /// The bitmap for `key`: kept, or made now by `make` when the key was drawn in the
    /// previous frame; nil (draw the quad directly) otherwise.
    func bitmap(_ key: Key, owner: any AnyObject & Sendable, make: () -> (texture: TextureResource, x: Int, y: Int)?) -> PixelCache<Key>.Entry? {
        if let hit = bitmaps.lookup(key) { return hit }
        return seen.withLock { s -> PixelCache<Key>.Entry? in
            if let hit = bitmaps.lookup(key) { return hit }   // another band made it meanwhile
            let digest = key.digest
            guard s.previous.contains(key, digest: digest) else { s.current.insert(key, digest: digest); return nil }
            s.previous.byDigest[digest] = nil   // made once: a second quad with the key finds the bitmap
            guard let (texture, x, y) = make() else { return nil }
            let entry = PixelCache<Key>.Entry(owner: owner, texture: texture, originX: x, originY: y, lastUse: 0)
            bitmaps.insert(key, entry)
            return entry
        }
    }

    /// The bitmap for `key` when one was made in an earlier frame; never makes one.
    func kept(_ key: Key) -> PixelCache<Key>.Entry? { bitmaps.lookup(key, keptOnly: true) }

    var count: Int { bitmaps.count }
}
