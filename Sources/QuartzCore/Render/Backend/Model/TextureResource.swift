import Foundation
import Synchronization

/// An immutable premultiplied ARGB32 pixel buffer that quads draw from: a backing store, a
/// decoded `contents` image, or the output of a render pass.
///
/// Pixels are native-endian 32-bit words `0xAARRGGBB` with colour premultiplied by alpha
/// (cairo's `CAIRO_FORMAT_ARGB32`, pixman's `a8r8g8b8`; B, G, R, A bytes in memory on
/// little-endian machines), rows top to bottom, `stride` bytes apart. Shared by reference and
/// never changed after creation, so it is `Sendable`. (`id`, `generation`) identify the
/// contents: a backing store redrawn keeps its `id` and gets a new `generation`, and GPU
/// backends key their textures by the pair (DESIGN §4).
package final class TextureResource: Hashable, @unchecked Sendable {
    package let id: UInt64
    package let generation: UInt64
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next (a multiple of 4, ≥ 4 × width).
    package let stride: Int
    /// Owned, allocated once; written only before the resource is published (see `init`).
    let base: UnsafeMutableRawPointer
    /// Lazily built downscaled copies for trilinear filtering (TextureResource+Mipmap.swift).
    let mipmaps = MipmapCache()
    /// Whether every pixel is opaque: 0 not yet known, 1 yes, 2 no (TextureResource+Opacity.swift).
    let opaqueState = Atomic<UInt8>(0)

    /// The largest width or height accepted, in pixels (cairo's and pixman's limit).
    package static let maximumDimension = 32767
    /// The largest buffer accepted, in bytes (1 GiB), so no input allocates without bound.
    package static let maximumByteCount = 1 << 30

    private static let nextID = Atomic<UInt64>(1)

    /// A fresh id, for a new backing store whose later generations reuse it.
    package static func makeID() -> UInt64 {
        nextID.add(1, ordering: .relaxed).oldValue
    }

    /// A transparent buffer to draw into before it is shared; nil for sizes out of range.
    init?(zeroedWidth width: Int, height: Int, id: UInt64? = nil, generation: UInt64 = 0) {
        guard width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension,
              width * height * 4 <= Self.maximumByteCount else { return nil }
        self.width = width; self.height = height; self.stride = width * 4
        self.id = id ?? Self.makeID(); self.generation = generation
        base = PixelMemory.allocateZeroed(byteCount: stride * height)
    }

    /// A copy of `bytes`: `height` rows of `width` premultiplied ARGB32 words, `bytesPerRow`
    /// apart. Colour components larger than alpha are clamped to it, so the buffer is always
    /// valid premultiplied colour. Returns nil for non-positive or too large sizes, a
    /// `bytesPerRow` smaller than a row, or too few bytes.
    package convenience init?(bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                              id: UInt64? = nil, generation: UInt64 = 0) {
        guard Self.fits(count: bytes.count, width: width, height: height, bytesPerRow: bytesPerRow),
              let src = bytes.baseAddress else { return nil }
        self.init(zeroedWidth: width, height: height, id: id, generation: generation)
        copyRows(from: src, bytesPerRow: bytesPerRow)
    }

    /// A copy of `data` (see `init(bytes:…)`).
    package convenience init?(data: Data, width: Int, height: Int, bytesPerRow: Int,
                              id: UInt64? = nil, generation: UInt64 = 0) {
        guard Self.fits(count: data.count, width: width, height: height, bytesPerRow: bytesPerRow) else { return nil }
        self.init(zeroedWidth: width, height: height, id: id, generation: generation)
        data.withUnsafeBytes { copyRows(from: $0.baseAddress!, bytesPerRow: bytesPerRow) }
    }

    private static func fits(count: Int, width: Int, height: Int, bytesPerRow: Int) -> Bool {
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension,
              bytesPerRow >= width * 4 else { return false }
        let (last, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        return !overflow && last <= maximumByteCount && last + width * 4 <= count
    }

    private func copyRows(from src: UnsafeRawPointer, bytesPerRow: Int) {
        for y in 0..<height {
            let s = src + y * bytesPerRow
            let d = (base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                d[x] = Self.clampedPremultiplied(s.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
            }
        }
    }

    deinit { base.deallocate() }

    /// The pixel word at (x, y), 0xAARRGGBB premultiplied; (0, 0) is the top-left.
    package func word(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the texture")
        return (base + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }

    /// Calls `body` with the pixel bytes (`stride × height`).
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: stride * height))
    }

    static func clampedPremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        let r = min((p >> 16) & 0xFF, a), g = min((p >> 8) & 0xFF, a), b = min(p & 0xFF, a)
        return a << 24 | r << 16 | g << 8 | b
    }

    package static func == (l: TextureResource, r: TextureResource) -> Bool { l === r }
    package func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
