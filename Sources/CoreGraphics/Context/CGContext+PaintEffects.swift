import CQuartzCairo

// How a paint reaches the surface when effects are on. The lead's `performPaint` calls
// `withPaintEffects { … }` once per paint, with a closure that sets its cairo source and paints
// (fill, stroke, paint, show glyphs) WITHOUT touching the cairo operator:
//
//     withPaintEffects {                 // CGContext+PaintEffects.swift
//         applyMaskClip {                //   CGContext+Mask.swift   (clip(to:mask:))
//             drawWithShadow {           //   CGContext+Shadow.swift (setShadow)
//                 drawBlended(draw)      //   CGContext+Blend.swift  (setBlendMode)
//             }
//         }
//     }
//
// The closure may run more than once (shadow and bounded-blend passes); the current path is
// saved before the first run and put back before each later one, so a closure that consumes
// the path (cairo_fill) is fine. After the paint, call `didDraw(userExtents:)` as usual (it
// already grows the rectangle by the shadow's reach).

extension CGContext {
    /// Paints through the mask clip, shadow and blend mode of the graphics state (see above).
    func withPaintEffects(_ draw: () -> Void) {
        applyMaskClip { drawWithShadow(draw) }
    }

    /// Size of the device surface: pixels for bitmaps, points of the current page for PDF.
    var deviceSize: (width: Int, height: Int) {
        if let bitmap { return (bitmap.width, bitmap.height) }
        let box = pdf?.pageBox ?? pdf?.mediaBox ?? .zero
        return (Int(box.width.rounded(.up)), Int(box.height.rounded(.up)))
    }

    /// Renders `draw` as coverage into a device-size A8 raster, ignoring the clip (a shadow is
    /// cast by the whole shape). PDF pages are rasterized at 1 pixel per point. nil when
    /// nothing was drawn inside the device surface or cairo cannot allocate.
    func captureAlpha(_ draw: () -> Void) -> AlphaRaster? {
        let (w, h) = deviceSize
        guard w > 0, h > 0 else { return nil }
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw()
        let pattern = cairo_pop_group(cr)
        cairo_restore(cr)
        defer { cairo_pattern_destroy(pattern) }
        var group: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &group) == CAIRO_STATUS_SUCCESS, let group,
              let raster = AlphaRaster(width: w, height: h) else { return nil }
        // The group surface's own device offset places it in the parent's device space.
        let c2 = cairo_create(raster.surface)
        cairo_set_source_surface(c2, group, 0, 0)
        cairo_paint(c2)
        cairo_destroy(c2)
        cairo_surface_flush(raster.surface)
        return raster.findInk() ? raster : nil
    }
}

/// An owned A8 cairo image surface plus the bounding box of its non-zero pixels.
final class AlphaRaster {
    let surface: OpaquePointer
    let width: Int, height: Int
    /// Non-zero pixels lie in x0..<x1, y0..<y1 (device pixels); set by `findInk()`.
    var x0 = 0, y0 = 0, x1 = 0, y1 = 0

    init?(width: Int, height: Int) {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        surface = s; self.width = width; self.height = height
    }
    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    var bytes: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface)! }

    /// Computes the ink bounding box; false when every pixel is zero.
    func findInk() -> Bool {
        let p = bytes, s = stride
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = p + y * s
            for x in 0..<width where row[x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = y
            }
        }
        guard maxX >= 0 else { return false }
        (x0, y0, x1, y1) = (minX, minY, maxX + 1, maxY + 1)
        return true
    }
}

/// A copy of cairo's current path, put back before each run of a paint closure.
final class SavedPath {
    private let path: UnsafeMutablePointer<cairo_path_t>
    private let cr: OpaquePointer
    init(_ cr: OpaquePointer) { self.cr = cr; path = cairo_copy_path(cr) }
    deinit { cairo_path_destroy(path) }
    func replay() {
        cairo_new_path(cr)
        if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, path) }
    }
}
