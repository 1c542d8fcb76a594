import CQuartzCairo

/// Drawing images. Follows https://developer.apple.com/documentation/coregraphics/cgcontext/draw(_:in:byTiling:).
extension CGContext {
    /// How images are resampled when drawn scaled or transformed (saved with the graphics state):
    /// `.none` nearest pixel, `.low` and `.default` bilinear, `.medium` cairo's "good" and
    /// `.high` its "best" filter (these two average many source pixels when shrinking).
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }

    /// Draws `image` scaled to fill `rect` (user space), upright in y-up user space: the image's
    /// first (top) row lands along `rect.maxY`. With `byTiling`, the image is repeated at `rect`'s
    /// size and origin across the whole clip area instead.
    ///
    /// Edge pixels are extended outwards while filtering (cairo's EXTEND_PAD), so a scaled-up
    /// image keeps solid edges up to the rectangle's border rather than fading out, as on Apple;
    /// nothing is drawn outside `rect`. Images that are masks (`isMask`) or alpha-only paint the
    /// fill colour through their coverage. Global alpha applies; the current path is unchanged.
    /// An empty or non-finite `rect` draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard canDraw, !r.isNull, r.width > 0, r.height > 0, CGContext.isFinite(r.origin),
              r.width.isFinite, r.height.isFinite, let surface = image.cairoSurface else { return }
        let pattern = cairo_pattern_create_for_surface(surface)
        defer { cairo_pattern_destroy(pattern) }
        // Pattern space is the image's pixel grid (y down from the top row); cairo wants the
        // user → pattern matrix.
        let sx = Double(image.width) / Double(r.width), sy = Double(image.height) / Double(r.height)
        var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: -Double(r.minX) * sx, y0: Double(r.maxY) * sy)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, filter(for: image))
        cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        let isCoverage = image.isMask || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8
        withScratchPath {
            var extents: UserExtents? = nil
            if !byTiling {
                addRect(r)
                extents = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
            }
            performPaint(extents: extents) {
                cairo_save(cr)
                if !byTiling { cairo_clip_preserve(cr) }
                if isCoverage {
                    setSourceColor(gstate.fillColor)
                    cairo_mask(cr, pattern)
                } else {
                    cairo_set_source(cr, pattern)
                    cairo_paint_with_alpha(cr, Double(gstate.alpha))
                }
                cairo_restore(cr)
            }
        }
    }

    /// The cairo filter for `image` under the current interpolation quality; an image made
    /// with `shouldInterpolate: false` is always sampled nearest-pixel.
    func filter(for image: CGImage) -> cairo_filter_t {
        guard image.shouldInterpolate else { return CAIRO_FILTER_NEAREST }
        switch gstate.interpolationQuality {
        case .none: return CAIRO_FILTER_NEAREST
        case .low, .default: return CAIRO_FILTER_BILINEAR
        case .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }
}
