import CCairo
import CoreGraphics

extension CPUCompositor {
    /// Draws a quad whose transform is affine with cairo, over what is there.
    func drawAffine(_ q: ResolvedQuad, cr: OpaquePointer) {
        guard let m = q.transform.affine else { return }
        cairo_save(cr); defer { cairo_restore(cr) }
        cairo_set_operator(cr, q.blendMode.cairoOperator)
        cairo_identity_matrix(cr)
        if let c = q.clip { cairoRectangle(cr, c); cairo_clip(cr) }
        cairoSetMatrix(cr, m)
        switch q.material {
        case .solidColor(let color):
            clipRounded(q, cr)
            cairoSetColor(cr, color, opacity: q.opacity)
            cairoRectangle(cr, q.rect); cairo_fill(cr)
        case .roundedRect(let radii, let color):
            clipRounded(q, cr)
            cairoSetColor(cr, color, opacity: q.opacity)
            cairoRoundedRectangle(cr, q.rect, radii); cairo_fill(cr)
        case .border(let width, let radii, let color):
            clipRounded(q, cr)
            cairoSetColor(cr, color, opacity: q.opacity)
            let outer = radii.fitted(width: Double(q.rect.width), height: Double(q.rect.height))
            cairoRoundedRectangle(cr, q.rect, outer)
            let inner = q.rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
            if !inner.isNull, inner.width > 0, inner.height > 0 {
                cairoRoundedRectangle(cr, inner, outer.inset(by: width))
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
        case .texture(let texture, let source, let filter, let edge):
            let (lower, fraction) = filter == .trilinear
                ? texture.mipLevels(forMinification: Self.minification(q, source: source)) : (0, 0)
            if fraction > 0 {
                // Trilinear: the two levels blended linearly (ADD of weighted copies) in a group,
                // bounded by the quad's pixel box so the group stays small; the quad's own
                // (antialiased) edges are applied once, when the group is painted.
                if let box = deviceBounds(q) {
                    cairo_identity_matrix(cr); cairoRectangle(cr, box); cairo_clip(cr); cairoSetMatrix(cr, m)
                }
                cairo_push_group(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
                for (level, weight) in [(lower, 1 - fraction), (lower + 1, fraction)] {
                    withTextureSource(cr, texture.mipLevel(level), of: texture, q, source, filter, edge) {
                        cairo_paint_with_alpha(cr, weight)
                    }
                }
                cairo_pop_group_to_source(cr)
                paintQuad(q, cr)
            } else {
                withTextureSource(cr, texture.mipLevel(lower), of: texture, q, source, filter, edge) {
                    paintQuad(q, cr)
                }
            }
        }
    }

    private func clipRounded(_ q: ResolvedQuad, _ cr: OpaquePointer) {
        guard let rc = q.roundedClip else { return }
        cairoRoundedRectangle(cr, rc.rect, rc.radii)
        cairo_clip(cr)
    }

    /// Paints the current source inside the quad's rect and rounded clip, with its opacity.
    private func paintQuad(_ q: ResolvedQuad, _ cr: OpaquePointer) {
        clipRounded(q, cr)
        cairoRectangle(cr, q.rect); cairo_clip(cr)
        cairo_paint_with_alpha(cr, q.opacity)
    }

    /// Runs `body` with `level` (a mip level of `base`) as the source, placed so that `source`
    /// (in `base`'s pixels) lands on the quad's rect in the current (local) user space.
    private func withTextureSource(_ cr: OpaquePointer, _ level: TextureResource, of base: TextureResource,
                                   _ q: ResolvedQuad, _ source: CGRect, _ filter: TextureFilter,
                                   _ edge: TextureEdgeMode, _ body: () -> Void) {
        guard let surface = level.makeCairoSurface() else { return }
        defer { cairo_surface_destroy(surface) }
        let kx = Double(level.width) / Double(base.width), ky = Double(level.height) / Double(base.height)
        let sx = Double(source.width / q.rect.width) * kx, sy = Double(source.height / q.rect.height) * ky
        var ox = kx * Double(source.minX) - sx * Double(q.rect.minX)
        var oy = ky * Double(source.minY) - sy * Double(q.rect.minY)
        // Clamp at the source rectangle's (whole-pixel) edges rather than the texture's.
        var sampled = surface
        let full = CGRect(x: 0, y: 0, width: level.width, height: level.height)
        let scaled = CGRect(x: Double(source.minX) * kx, y: Double(source.minY) * ky,
                            width: Double(source.width) * kx, height: Double(source.height) * ky)
        if edge == .clamp, let sub = PixelRect(enclosing: scaled.intersection(full)), sub.cgRect != full {
            sampled = cairo_surface_create_for_rectangle(surface, Double(sub.x), Double(sub.y),
                                                         Double(sub.width), Double(sub.height))
            ox -= Double(sub.x); oy -= Double(sub.y)
        }
        defer { if sampled != surface { cairo_surface_destroy(sampled) } }
        let pattern = cairo_pattern_create_for_surface(sampled)!
        defer { cairo_pattern_destroy(pattern) }
        var pm = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: ox, y0: oy)
        cairo_pattern_set_matrix(pattern, &pm)
        cairo_pattern_set_filter(pattern, filter == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, edge == .clamp ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        body()
    }

    /// Texture pixels per buffer pixel at the centre of the quad (the larger axis).
    static func minification(_ q: ResolvedQuad, source: CGRect) -> Double {
        let toTexel = ProjectiveTransform.translation(x: -Double(q.rect.minX), y: -Double(q.rect.minY))
            .concatenating(.scale(x: Double(source.width / q.rect.width), y: Double(source.height / q.rect.height)))
        guard let inverse = q.transform.inverted(),
              let centre = q.transform.map(CGPoint(x: q.rect.midX, y: q.rect.midY)) else { return 1 }
        return inverse.concatenating(toTexel).localScale(x: Double(centre.x), y: Double(centre.y))
    }

    /// The quad's bounding box in buffer pixels (whole pixels), for affine transforms.
    func deviceBounds(_ q: ResolvedQuad) -> CGRect? {
        guard let m = q.transform.affine else { return nil }
        return PixelRect(enclosing: q.rect.applying(m))?.cgRect
    }
}
