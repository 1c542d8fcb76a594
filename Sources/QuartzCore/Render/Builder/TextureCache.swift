import Foundation

/// `CGImage` contents turned into textures once, kept while they are used (per host).
/// An image is keyed by identity; entries not drawn for `maxIdleFrames` frames are dropped, and
/// the cache holds at most `budgetBytes` of pixels (least recently used go first).
final class TextureCache: @unchecked Sendable {
    private struct Entry { let image: CGImage; let texture: TextureResource; var lastFrame: UInt64 }
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame: UInt64 = 0
    private var bytes = 0
    let budgetBytes: Int
    let maxIdleFrames: UInt64 = 120
    /// The host's rasterized layers (`shouldRasterize`), kept with its textures so every
    /// builder of the host finds them.
    let rasterCache = RasterCache()

    init(budgetBytes: Int = 256 << 20) { self.budgetBytes = budgetBytes }

    func texture(for image: CGImage) -> TextureResource? {
        lock.lock(); defer { lock.unlock() }
        let key = ObjectIdentifier(image)
        if var e = entries[key], e.image === image {
            // Written back once a frame: a thousand layers showing one image look it up a thousand times.
            if e.lastFrame != frame { e.lastFrame = frame; entries[key] = e }
            return e.texture
        }
        guard let t = TextureResource(image: image) else { return nil }
        entries[key] = Entry(image: image, texture: t, lastFrame: frame)
        bytes += t.stride * t.height
        evictLocked()
        return t
    }

    /// Marks the start of a frame and drops idle entries.
    func beginFrame() {
        rasterCache.beginFrame()
        lock.lock(); defer { lock.unlock() }
        frame += 1
        let idle = entries.filter { frame - $0.value.lastFrame > maxIdleFrames }
        for (k, e) in idle { entries[k] = nil; bytes -= e.texture.stride * e.texture.height }
    }

    private func evictLocked() {
        while bytes > budgetBytes, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastFrame < $1.value.lastFrame }),
              oldest.value.lastFrame < frame {
            entries[oldest.key] = nil
            bytes -= oldest.value.texture.stride * oldest.value.texture.height
        }
    }
}
