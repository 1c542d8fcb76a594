import CQuartzCairo

/// The pixels behind a bitmap context. When the caller's layout is cairo's own (premultiplied
/// ARGB32 in native byte order, or its RGB24 / A8 variants) with a stride cairo accepts, cairo
/// draws straight into the caller's buffer (`isDirect`). Otherwise cairo draws into a private
/// ARGB32 (or A8) buffer that starts as a copy of the caller's bytes, and the touched rectangle
/// is converted back into the caller's buffer after each drawing call.
final class BitmapTarget {
    let width: Int, height: Int
    let bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int
    let space: CGColorSpace?
    let bitmapInfo: CGBitmapInfo
    let layout: PixelLayout
    /// The caller's buffer (or ours, when the caller passed nil).
    let data: UnsafeMutableRawPointer
    let ownsData: Bool
    /// Whether cairo draws into `data` itself.
    let isDirect: Bool
    /// The cairo surface (over `data` when direct; private otherwise). Not owned here.
    private(set) var surface: OpaquePointer!

    init(data: UnsafeMutableRawPointer, ownsData: Bool, width: Int, height: Int, bitsPerComponent: Int,
         bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo,
         layout: PixelLayout, format: cairo_format_t, isDirect: Bool) {
        self.data = data; self.ownsData = ownsData
        self.width = width; self.height = height
        self.bitsPerComponent = bitsPerComponent; self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow; self.space = space; self.bitmapInfo = bitmapInfo
        self.layout = layout; self.isDirect = isDirect
        if isDirect {
            surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), format,
                                                          Int32(width), Int32(height), Int32(bytesPerRow))
        } else {
            surface = cairo_image_surface_create(format, Int32(width), Int32(height))
            pullFromCallerBuffer()
        }
    }

    deinit { if ownsData { data.deallocate() } }

    var cairoStride: Int { Int(cairo_image_surface_get_stride(surface)) }
    var cairoData: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface)! }

    /// Copies the caller's pixels into the private cairo buffer (once, at creation: Apple
    /// contexts draw over whatever the buffer already holds).
    private func pullFromCallerBuffer() {
        cairo_surface_flush(surface)
        let src = data.assumingMemoryBound(to: UInt8.self), dst = cairoData, stride = cairoStride
        for y in 0..<height {
            let row = src + y * bytesPerRow
            if layout.r == nil {
                for x in 0..<width { dst[y * stride + x] = row[x * layout.bytesPerPixel + layout.a!] }
            } else {
                CGImage.convertRowToARGB32(row, layout: layout, width: width,
                    into: UnsafeMutableRawPointer(dst + y * stride).assumingMemoryBound(to: UInt32.self))
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Converts the device-pixel rectangle (clamped to the bitmap) from the private buffer into
    /// the caller's layout.
    func pushToCallerBuffer(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            return pushToCallerBuffer(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        }
        // Clamp as doubles first: converting a huge value to Int would trap.
        func clamp(_ v: Double, _ hi: Int) -> Int { Int(min(Double(hi), max(0, v))) }
        let x0 = clamp(minX.rounded(.down), width), y0 = clamp(minY.rounded(.down), height)
        let x1 = clamp(maxX.rounded(.up), width), y1 = clamp(maxY.rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return }
        cairo_surface_flush(surface)
        let src = cairoData, stride = cairoStride, dst = data.assumingMemoryBound(to: UInt8.self)
        let bpp = layout.bytesPerPixel
        // A skipped fourth byte (noneSkipFirst/Last): Apple leaves it unspecified; we write 255.
        let skipped: Int? = (bpp == 4 && layout.a == nil)
            ? (0..<4).first { ![layout.r!, layout.g!, layout.b!].contains($0) } : nil
        for y in y0..<y1 {
            let srow = src + y * stride, drow = dst + y * bytesPerRow
            for x in x0..<x1 {
                let p = drow + x * bpp
                if layout.r == nil { p[layout.a!] = srow[x]; continue }
                let w = UnsafeRawPointer(srow + 4 * x).load(as: UInt32.self)
                let a = UInt8(w >> 24); var r = UInt8((w >> 16) & 0xFF), g = UInt8((w >> 8) & 0xFF), b = UInt8(w & 0xFF)
                // No alpha: the surface is RGB24, whose top byte is undefined and colour is opaque.
                if layout.a != nil && !layout.premultiplied {
                    // Straight alpha: un-premultiply, rounding to nearest.
                    if a != 0 && a != 255 {
                        r = BitmapTarget.unpremultiply(r, a); g = BitmapTarget.unpremultiply(g, a)
                        b = BitmapTarget.unpremultiply(b, a)
                    }
                }
                if layout.isGray {
                    // Rec. 709 luma on the encoded values (what a gray bitmap context stores).
                    let l = (2126 * Int(r) + 7152 * Int(g) + 722 * Int(b) + 5000) / 10000
                    p[layout.r!] = UInt8(min(255, l))
                } else {
                    p[layout.r!] = r; p[layout.g!] = g; p[layout.b!] = b
                }
                if let ao = layout.a { p[ao] = a } else if let s = skipped { p[s] = 255 }
            }
        }
    }

    @inline(__always) static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }
}
