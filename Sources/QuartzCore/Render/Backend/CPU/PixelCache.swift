import CoreGraphics
import Synchronization

/// Bitmaps kept between frames (per compositor, so per host), keyed by what drew them, least
/// recently used entries dropped beyond `budgetBytes` and entries not drawn for
/// `maxIdleFrames` frames (an animated source makes a new key every frame) dropped at the
/// start of a frame. Two uses: rasterised paths (`VectorRasterCache`) and resampled textures
/// (`ResampleCache`).
final class PixelCache<K: Hashable & Sendable>: Sendable {
    typealias Key = K

    /// A bitmap: `texture` pixel (0, 0) lands at device (originX, originY) relative to the
    /// whole-pixel part of the quad's translation.
    struct Entry: Sendable {
        let owner: any AnyObject & Sendable  // keeps the identity in the key alive
        let texture: TextureResource
        let originX: Int, originY: Int
        var lastUse: UInt64
        var lastFrame: UInt64 = 0
        /// The frame the bitmap was made in (`beginFrame` count).
        var madeFrame: UInt64 = 0
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var frame: UInt64 = 0
    }

    private let state = Mutex(State())
    let budgetBytes: Int
    let maxIdleFrames: UInt64
    /// Larger bitmaps are drawn straight, not kept (pixels).
    static var maximumEntryPixels: Int { 2048 * 2048 }

    init(budgetBytes: Int = 64 << 20, maxIdleFrames: UInt64 = 120) {
        self.budgetBytes = budgetBytes; self.maxIdleFrames = maxIdleFrames
    }

    /// The entry for `key`; with `keptOnly`, only one made before the current frame, so the
    /// answer does not depend on what another band of this frame made meanwhile.
    func lookup(_ key: Key, keptOnly: Bool = false) -> Entry? {
        state.withLock { s in
            // Empty (rotating sprites never repeat a key): no hashing.
            guard !s.entries.isEmpty, var e = s.entries[key], !keptOnly || e.madeFrame < s.frame else { return nil }
            s.clock += 1; e.lastUse = s.clock; e.lastFrame = s.frame; s.entries[key] = e
            return e
        }
    }

    func insert(_ key: Key, _ entry: Entry) {
        let size = entry.texture.stride * entry.texture.height
        guard size <= budgetBytes else { return }
        state.withLock { s in
            s.clock += 1
            var e = entry; e.lastUse = s.clock; e.lastFrame = s.frame; e.madeFrame = s.frame
            if let old = s.entries.updateValue(e, forKey: key) { s.bytes -= old.texture.stride * old.texture.height }
            s.bytes += size
            while s.bytes > budgetBytes, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries[oldest.key] = nil
                s.bytes -= oldest.value.texture.stride * oldest.value.texture.height
            }
        }
    }

    /// Marks the start of a frame (a `CPUCompositor.draw`) and drops idle entries.
    func beginFrame() {
        state.withLock { s in
            s.frame += 1
            guard !s.entries.isEmpty else { return }
            for (k, e) in s.entries where s.frame - e.lastFrame > maxIdleFrames {
                s.entries[k] = nil
                s.bytes -= e.texture.stride * e.texture.height
            }
        }
    }

    /// Bytes of pixels held.
    var byteCount: Int { state.withLock { $0.bytes } }
    var count: Int { state.withLock { $0.entries.count } }
}

/// Rasterised paths: the key is the path's identity and style, the quad's `rect`, the linear
/// part of its device transform and the fraction of a pixel in its translation (DESIGN.md §4:
/// keyed by resource, generation and scale; `CGPath`s in layer state are immutable copies, so
/// identity stands for both). A layer that moves by whole pixels, or stays still, reuses the
/// bitmap; a new scale is a new rasterisation at that scale, never a scaled bitmap.
typealias VectorRasterCache = PixelCache<VectorRasterKey>

struct VectorRasterKey: Hashable, Sendable {
    var path: ObjectIdentifier
    var style: PathMaterial.Style
    var rect: CGRect
    var a, b, c, d, fx, fy: Double

    func hash(into h: inout Hasher) {
        h.combine(path); h.combine(style)
        h.combine(a); h.combine(b); h.combine(c); h.combine(d); h.combine(fx); h.combine(fy)
    }
}
