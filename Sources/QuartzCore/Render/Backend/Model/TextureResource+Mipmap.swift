import Foundation

/// The mip chain of a texture, built lazily and kept with it (thread-safe: two render threads
/// asking for the same level build it once).
///
/// Level 0 is the texture itself; level k + 1 halves level k (rounding down, at least 1 pixel)
/// with a 2 × 2 box filter on premultiplied colour, so transparent texels do not darken their
/// neighbours. Levels are only built as far as a draw asks for.
final class MipmapCache: @unchecked Sendable {
    private let lock = NSLock()
    private var levels: [TextureResource] = []   // levels 1, 2, …

    func level(_ k: Int, of base: TextureResource) -> TextureResource {
        guard k > 0 else { return base }
        lock.lock(); defer { lock.unlock() }
        while levels.count < k {
            let previous = levels.last ?? base
            guard let next = previous.halved() else { break }
            levels.append(next)
        }
        return levels.isEmpty ? base : levels[min(k, levels.count) - 1]
    }
}

extension TextureResource {
    /// The last mip level: the one that is 1 pixel in its larger dimension.
    package var maximumMipLevel: Int {
        var k = 0, n = max(width, height)
        while n > 1 { n >>= 1; k += 1 }
        return k
    }

    /// Mip level `k` (0 is `self`), built on first use; `k` beyond the last gives the last.
    package func mipLevel(_ k: Int) -> TextureResource {
        mipmaps.level(min(k, maximumMipLevel), of: self)
    }

    /// Which levels a draw minifying by `minification` (texture pixels per device pixel, ≥ 0)
    /// samples and how they blend: level `lower` weighted `1 − fraction`, then `lower + 1`.
    /// Magnification (≤ 1) uses level 0 alone.
    package func mipLevels(forMinification minification: Double) -> (lower: Int, fraction: Double) {
        guard minification > 1, minification.isFinite else { return (0, 0) }
        let lod = min(log2(minification), Double(maximumMipLevel))
        let lower = Int(lod.rounded(.down))
        return lower >= maximumMipLevel ? (maximumMipLevel, 0) : (lower, lod - Double(lower))
    }

    /// This texture at half size with a 2 × 2 box filter; nil when already 1 × 1.
    fileprivate func halved() -> TextureResource? {
        guard width > 1 || height > 1 else { return nil }
        let w = max(1, width / 2), h = max(1, height / 2)
        guard let out = TextureResource(zeroedWidth: w, height: h) else { return nil }
        for y in 0..<h {
            let r0 = (base + min(2 * y, height - 1) * stride).assumingMemoryBound(to: UInt32.self)
            let r1 = (base + min(2 * y + 1, height - 1) * stride).assumingMemoryBound(to: UInt32.self)
            let d = (out.base + y * out.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
                d[x] = Self.average(r0[x0], r0[x1], r1[x0], r1[x1])
            }
        }
        return out
    }

    private static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let s = (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF)
            out |= ((s + 2) >> 2) << shift
        }
        return out
    }
}
