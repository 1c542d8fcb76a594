import CQuartzCairo

/// Holds the cairo surface made from an image's pixels, built once on first draw.
/// The lock makes the lazy build safe when two threads draw the same image.
final class SurfaceCache: @unchecked Sendable {
    private let lock = NSLock()
    private var surface: OpaquePointer?
    deinit { if let s = surface { cairo_surface_destroy(s) } }

    func get(_ make: () -> OpaquePointer?) -> OpaquePointer? {
        lock.lock(); defer { lock.unlock() }
        if surface == nil { surface = make() }
        return surface
    }
}

extension CGImage {
    /// A cairo image surface with this image's pixels: premultiplied ARGB32, or A8 for masks
    /// and alpha-only images. Owned by the image (do not destroy); nil if cairo cannot allocate.
    var cairoSurface: OpaquePointer? {
        surfaceCache.get { makeCairoSurface() }
    }

    private func makeCairoSurface() -> OpaquePointer? {
        let alphaOnly = layout.r == nil
        let surface = cairo_image_surface_create(alphaOnly ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32,
                                                 Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let base = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface); return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeBytes { src in
            let s = src.bindMemory(to: UInt8.self).baseAddress!
            for y in 0..<height {
                let row = s + y * bytesPerRow
                let out = base + y * stride
                if alphaOnly {
                    for x in 0..<width { out[x] = row[x * layout.bytesPerPixel + layout.a!] }
                } else {
                    CGImage.convertRowToARGB32(row, layout: layout, width: width,
                                               into: UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self))
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Converts one row in `layout` to cairo's premultiplied native-endian 0xAARRGGBB words.
    static func convertRowToARGB32(_ row: UnsafePointer<UInt8>, layout: PixelLayout, width: Int,
                                   into out: UnsafeMutablePointer<UInt32>) {
        let bpp = layout.bytesPerPixel
        let ro = layout.r!, go = layout.g!, bo = layout.b!
        for x in 0..<width {
            let p = row + x * bpp
            var r = UInt32(p[ro]), g = UInt32(p[go]), b = UInt32(p[bo])
            var a: UInt32 = 255
            if let ao = layout.a {
                a = UInt32(p[ao])
                if !layout.premultiplied {
                    r = mul255(r, a); g = mul255(g, a); b = mul255(b, a)
                } else {
                    r = min(r, a); g = min(g, a); b = min(b, a)
                }
            }
            out[x] = a << 24 | r << 16 | g << 8 | b
        }
    }

    /// `x · a / 255`, rounded, for bytes (the usual exact-rounding trick).
    @inline(__always) static func mul255(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x * a + 128
        return (t + (t >> 8)) >> 8
    }
}
