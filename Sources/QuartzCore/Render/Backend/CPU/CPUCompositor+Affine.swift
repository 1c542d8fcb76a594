import CQuartzCairo
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
            if q.aliasedEdges == .all {
                cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
                cairoRectangle(cr, q.rect); cairo_fill(cr)
            } else if q.aliasedEdges.isEmpty {
                cairoRectangle(cr, q.rect); cairo_fill(cr)
            } else {
                clipEdges(q, cr); cairo_paint(cr)
            }
        case .roundedRect(let radii, let color):
            clipRounded(q, cr)
            cairoSetColor(cr, color, opacity: q.opacity)
            cairoRoundedRectangle(cr, q.rect, radii); cairo_fill(cr)
        case .border(let width, let radii, let color):
            clipRounded(q, cr)
            cairoSetColor(cr, color, opacity: q.opacity)
            let outer = radii.fitted(width: Double(q.rect.width), height: Double(q.rect.height))
            // Hard outer edges: the ring is filled past them and cut there by an aliased clip.
            var outerRect = q.rect
            if !q.aliasedEdges.isEmpty, outer.isZero {
                clipEdges(q, cr)
                outerRect = Self.grow(q.rect, q.aliasedEdges, by: Self.edgeMargin(q))
            }
            cairoRoundedRectangle(cr, outerRect, outer)
            let inner = q.rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
            if !inner.isNull, inner.width > 0, inner.height > 0 {
                cairoRoundedRectangle(cr, inner, outer.inset(by: width))
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
        case .path, .gradient, .text:
            drawVector(q, cr: cr)   // CPUCompositor+Vector
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
        if q.aliasedEdges.isEmpty {
            cairoRectangle(cr, q.rect); cairo_clip(cr)
        } else {
            clipEdges(q, cr)
        }
        cairo_paint_with_alpha(cr, q.opacity)
    }

    /// Clips to the quad's rect with its aliased edges hard and the others antialiased: an
    /// aliased clip (pixel centres) whose soft sides are pushed far out, then an antialiased
    /// clip whose hard sides are pushed far out. The current matrix is the quad's.
    func clipEdges(_ q: ResolvedQuad, _ cr: OpaquePointer) {
        let hard = q.aliasedEdges, soft = QuadEdges.all.subtracting(hard)
        let e = Self.edgeMargin(q)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairoRectangle(cr, Self.grow(q.rect, soft, by: e)); cairo_clip(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        if !soft.isEmpty { cairoRectangle(cr, Self.grow(q.rect, hard, by: e)); cairo_clip(cr) }
    }

    /// `r` with the sides in `edges` moved outwards by `d`.
    static func grow(_ r: CGRect, _ edges: QuadEdges, by d: CGFloat) -> CGRect {
        let x0 = edges.contains(.minX) ? r.minX - d : r.minX, x1 = edges.contains(.maxX) ? r.maxX + d : r.maxX
        let y0 = edges.contains(.minY) ? r.minY - d : r.minY, y1 = edges.contains(.maxY) ? r.maxY + d : r.maxY
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How far (local units) to push an edge so that it lies at least a few buffer pixels out.
    static func edgeMargin(_ q: ResolvedQuad) -> CGFloat {
        // |det| / Frobenius norm bounds the smaller singular value from below.
        let t = q.transform, s = max(abs(t.m33), 1e-12)
        let norm = (t.m11 * t.m11 + t.m12 * t.m12 + t.m21 * t.m21 + t.m22 * t.m22).squareRoot() / s
        let k = max(abs(t.m11 * t.m22 - t.m12 * t.m21) / (s * s) / max(norm, 1e-12), 1e-6)
        // Under perspective the scale varies over the quad: the quad's own size is added.
        let size = t.isAffine ? 0 : Double(max(q.rect.width, q.rect.height))
        return CGFloat(min(max(4 / k, size), 1e5))
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
