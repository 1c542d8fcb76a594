import CQuartzCairo
import CQuartzPixman
import CoreGraphics

/// Premultiplied ARGB32 memory being drawn: a pass's buffer or the compositor's target.
/// `originX, originY` is the pass-space point (device pixels) of buffer pixel (0, 0).
struct RasterTarget {
    var base: UnsafeMutableRawPointer
    var width: Int
    var height: Int
    var stride: Int
    var originX: Int
    var originY: Int
    /// The buffer pixels this drawing may change (a band of rows when a frame is split across
    /// threads); the whole buffer by default. Geometry is still computed for the whole buffer,
    /// so a band's pixels are exactly those of an undivided draw.
    var drawable: PixelRect

    init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, originX: Int = 0, originY: Int = 0) {
        self.base = base; self.width = width; self.height = height; self.stride = stride
        self.originX = originX; self.originY = originY
        drawable = PixelRect(x: 0, y: 0, width: width, height: height)
    }

    init(_ texture: TextureResource, originX: Int = 0, originY: Int = 0) {
        self.init(base: texture.base, width: texture.width, height: texture.height,
                  stride: texture.stride, originX: originX, originY: originY)
    }

    /// The whole buffer, in buffer pixels.
    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

/// An integer rectangle of buffer pixels.
struct PixelRect: Equatable {
    var x, y, width, height: Int
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest pixel rectangle containing `r`, or nil when `r` is empty or not finite
    /// (or so large that it would not fit an Int).
    init?(enclosing r: CGRect) {
        let r = r.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let limit = 1e9
        let x0 = max(-limit, min(limit, Double(r.minX).rounded(.down)))
        let y0 = max(-limit, min(limit, Double(r.minY).rounded(.down)))
        let x1 = max(-limit, min(limit, Double(r.maxX).rounded(.up)))
        let y1 = max(-limit, min(limit, Double(r.maxY).rounded(.up)))
        self.init(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        if isEmpty { return nil }
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

// MARK: - cairo and pixman views of premultiplied ARGB32 memory

/// A cairo surface over the memory (not owning it); the caller destroys it.
func cairoImageSurface(_ base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) -> OpaquePointer? {
    let s = cairo_image_surface_create_for_data(base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                Int32(width), Int32(height), Int32(stride))
    guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
    return s
}

/// A pixman image over the memory (not owning it); the caller unrefs it.
func pixmanImage(_ base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) -> OpaquePointer? {
    pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                             base.assumingMemoryBound(to: UInt32.self), Int32(stride))
}

extension TextureResource {
    func makeCairoSurface() -> OpaquePointer? {
        cairoImageSurface(base, width: width, height: height, stride: stride)
    }

    func makePixmanImage() -> OpaquePointer? {
        pixmanImage(base, width: width, height: height, stride: stride)
    }
}

/// A constant-alpha pixman mask for opacity < 1 (nil means opaque); the caller unrefs it.
func makePixmanOpacityMask(_ opacity: Double) -> OpaquePointer? {
    guard opacity < 1 else { return nil }
    var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((opacity * 65535).rounded()))
    return pixman_image_create_solid_fill(&c)
}
