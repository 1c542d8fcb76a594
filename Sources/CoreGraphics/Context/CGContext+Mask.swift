import CQuartzCairo

/// Coverage of the mask clips in effect: an A8 surface the size of the device surface, 255 =
/// drawing passes. Immutable once made (a new clip makes a new one), so graphics states
/// saved with `saveGState` can share it.
final class MaskClip {
    let surface: OpaquePointer
    init(surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }
}

extension CGContext {
    /// Intersects the clip with `mask` stretched over `rect` (Apple's `clip(to:mask:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456071-clip).
    ///
    /// - Parameters:
    ///   - rect: user-space rectangle the mask fills; nothing is drawn outside it. The mask is
    ///     upright: its first row lies along the rectangle's top (max y) edge.
    ///   - mask: how coverage is read: an image mask (`init(maskWidth:…)`) with Apple's
    ///     inverted sense (sample 0 paints); an alpha-only image or an image with alpha uses
    ///     alpha; a gray image (Apple's documented case) or an RGB image without alpha uses
    ///     luminance (white paints, black blocks).
    ///
    /// cairo cannot clip to a mask, so the coverage is kept in device space in the graphics
    /// state and each paint is drawn into a group that is then composited through it
    /// (`applyMaskClip`). On PDF pages the coverage is sampled at 1 pixel per point.
    /// Empty or non-finite rectangles clip everything away.
    public func clip(to rect: CGRect, mask: CGImage) {
        let path = SavedPath(cr)
        defer { path.replay() }
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, !r.isEmpty else {
            cairo_new_path(cr); cairo_rectangle(cr, 0, 0, 0, 0); cairo_clip(cr)
            return
        }
        // Bound later drawing to the rectangle with an ordinary clip.
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_clip(cr)
        let (w, h) = deviceSize
        guard w > 0, h > 0, let coverage = CGContext.coverageSurface(of: mask),
              let out = AlphaRaster(width: w, height: h) else { return }
        defer { cairo_surface_destroy(coverage) }
        let c2 = cairo_create(out.surface)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_set_matrix(c2, &m)
        cairo_rectangle(c2, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_clip(c2)
        cairo_translate(c2, Double(r.minX), Double(r.maxY))
        cairo_scale(c2, Double(r.width) / Double(mask.width), -Double(r.height) / Double(mask.height))
        cairo_set_source_surface(c2, coverage, 0, 0)
        let nearest = !mask.shouldInterpolate || gstate.interpolationQuality == .none
        cairo_pattern_set_filter(cairo_get_source(c2), nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(c2), CAIRO_EXTEND_PAD)
        cairo_paint(c2)
        if let old = gstate.maskClip {
            cairo_reset_clip(c2)
            cairo_identity_matrix(c2)
            cairo_set_source_surface(c2, old.surface, 0, 0)
            cairo_set_operator(c2, CAIRO_OPERATOR_IN)
            cairo_paint(c2)
        }
        cairo_destroy(c2)
        gstate.maskClip = MaskClip(surface: cairo_surface_reference(out.surface))
    }

    /// Runs `draw` through the mask clip, if any: into a group (blend mode normal), then the
    /// group is composited through the coverage with the blend mode. Without a mask clip it
    /// just runs `draw`. See CGContext+PaintEffects.swift.
    func applyMaskClip(_ draw: () -> Void) {
        guard let mask = gstate.maskClip else { return draw() }
        let mode = gstate.blendMode
        cairo_save(cr)
        cairo_push_group(cr)
        gstate.blendMode = .normal
        draw()
        gstate.blendMode = mode
        cairo_pop_group_to_source(cr)
        applyBlendMode()
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask.surface, 0, 0)
        cairo_restore(cr)
    }

    /// An owned A8 surface with the mask's coverage per pixel (see `clip(to:mask:)`).
    static func coverageSurface(of image: CGImage) -> OpaquePointer? {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(image.width), Int32(image.height)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(s) else { return nil }
        cairo_surface_flush(s)
        let stride = Int(cairo_image_surface_get_stride(s)), l = image.layout, bpp = l.bytesPerPixel
        image.pixels.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt8.self).baseAddress!
            for y in 0..<image.height {
                let row = src + y * image.bytesPerRow, out = base + y * stride
                for x in 0..<image.width {
                    let p = row + x * bpp
                    if let a = l.a { out[x] = p[a] }  // alpha-only, image masks (stored as coverage), RGBA
                    else if let r = l.r, let g = l.g, let b = l.b {
                        out[x] = CGContext.luma(p[r], p[g], p[b])
                    } else { out[x] = 255 }
                }
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }

    /// Rec. 709 luma of encoded 8-bit values, rounded.
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let sum: Int = 2126 * Int(r) + 7152 * Int(g) + 722 * Int(b) + 5000
        return UInt8(sum / 10000)
    }
}
