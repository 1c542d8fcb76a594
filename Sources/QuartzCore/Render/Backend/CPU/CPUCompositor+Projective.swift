import CQuartzCairo
import CQuartzPixman
import CoreGraphics

/// Projective quads (a layer under perspective) the span path declines (`SpanProjective`
/// draws texture quads wholly in front of the eye; this path the rest: solid colours, vector
/// materials, rounded clips, quads crossing the eye's plane, other blend modes).
///
/// 1. The quad's outline is clipped where w ≤ ε (the part behind the eye has no image) and
///    projected: a convex polygon in buffer pixels.
/// 2. Its content becomes one image in a known relation to local space: the texture itself
///    (or, for trilinear, the mip level nearest the minification at the quad's centre), or else
///    the quad drawn by the affine path into an intermediate buffer at about the device
///    resolution, with a transparent border, rounded clip included.
/// 3. pixman resamples that image through the inverse homography into a buffer covering the
///    polygon's pixel box (bilinear unless the filter is nearest).
/// 4. cairo paints that buffer through the polygon (antialiased edges) with the opacity and clip.
///
/// pixman 0.42 produced stray pixels for projective transforms where source coordinates go
/// negative; the inverse matrix is scaled up before its 16.16 fixed-point conversion (keeping
/// precision in the perspective terms), sources are read from a copy with a margin at the
/// left and top (`CPUCompositor+ProjectivePad`) and have a transparent border or clamp, and
/// step 4 paints only inside the analytic outline, so nothing appears outside the quad.
extension CPUCompositor {
    func drawProjective(_ q: ResolvedQuad, into target: RasterTarget, cr: OpaquePointer) {
        // Texture quads wholly in front of the eye go through the span loops (`SpanProjective`).
        if drawSpans(q, into: target, cairoSurface: cairo_get_target(cr)) { return }
        drawWarped(q, into: target, cr: cr)
    }

    /// The quad through pixman's warp and cairo's clip (steps 1–4 above).
    func drawWarped(_ q: ResolvedQuad, into target: RasterTarget, cr: OpaquePointer) {
        let polygon = Self.projectedOutline(q)
        guard polygon.count >= 3 else { return }
        var box = target.bounds
        if let c = q.clip, let pc = PixelRect(enclosing: c) { box = box.intersection(pc) }
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        guard let outline = PixelRect(enclosing: CGRect(x: xs.min()!, y: ys.min()!,
                                                        width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
        else { return }
        box = box.intersection(outline)
        // The source is sized by the whole box, the warp covers only the drawable part of it.
        let whole = box
        box = box.intersection(target.drawable)
        guard !box.isEmpty, let source = projectiveSource(q, box: whole)?.padded(),
              let toBuffer = source.toLocal.concatenating(q.transform).inverted(),
              let warped = Self.warp(source, inverse: toBuffer, box: box),
              let surface = warped.makeCairoSurface() else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr); defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        if let c = q.clip { cairoRectangle(cr, c); cairo_clip(cr) }
        if q.aliasedEdges.isEmpty {
            Self.clip(cr, to: polygon)
        } else {
            // As `clipEdges`: hard sides by an aliased clip, soft ones by an antialiased clip.
            let e = Self.edgeMargin(q), soft = QuadEdges.all.subtracting(q.aliasedEdges)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            Self.clip(cr, to: Self.projectedOutline(q, rect: Self.grow(q.rect, soft, by: e)))
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
            if !soft.isEmpty { Self.clip(cr, to: Self.projectedOutline(q, rect: Self.grow(q.rect, q.aliasedEdges, by: e))) }
        }
        cairo_set_source_surface(cr, surface, Double(box.x), Double(box.y))
        cairo_set_operator(cr, q.blendMode.cairoOperator)
        cairo_paint_with_alpha(cr, q.opacity)
    }

    /// The quad's corners in buffer pixels, clipped to w ≥ ε (`ProjectiveTransform.outline`).
    static func projectedOutline(_ q: ResolvedQuad, rect: CGRect? = nil) -> [CGPoint] {
        q.transform.outline(of: rect ?? q.rect)
    }

    static func clip(_ cr: OpaquePointer, to polygon: [CGPoint]) {
        guard let first = polygon.first else { return }
        cairo_move_to(cr, Double(first.x), Double(first.y))
        for p in polygon.dropFirst() { cairo_line_to(cr, Double(p.x), Double(p.y)) }
        cairo_close_path(cr)
        cairo_clip(cr)
    }

    /// An image holding the quad's content and the affine map from its pixels to local space.
    struct ProjectiveSource {
        var image: TextureResource
        var toLocal: ProjectiveTransform
        var filter: pixman_filter_t
        var repeatMode: pixman_repeat_t
    }

    private func projectiveSource(_ q: ResolvedQuad, box: PixelRect) -> ProjectiveSource? {
        if q.roundedClip == nil, case .texture(let texture, let source, let filter, let edge) = q.material {
            var level = 0
            if filter == .trilinear {
                let (lower, fraction) = texture.mipLevels(forMinification: Self.minification(q, source: source))
                level = fraction >= 0.5 ? lower + 1 : lower
            }
            let image = texture.mipLevel(level)
            let kx = Double(image.width) / Double(texture.width), ky = Double(image.height) / Double(texture.height)
            let toLocal = ProjectiveTransform.scale(x: 1 / kx, y: 1 / ky)
                .concatenating(.translation(x: -Double(source.minX), y: -Double(source.minY)))
                .concatenating(.scale(x: Double(q.rect.width / source.width), y: Double(q.rect.height / source.height)))
                .concatenating(.translation(x: Double(q.rect.minX), y: Double(q.rect.minY)))
            return ProjectiveSource(image: image, toLocal: toLocal,
                                    filter: filter == .nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR,
                                    repeatMode: edge == .clamp ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
        }
        // A plain colour with hard edges: one texel everywhere, so resampling never fades the
        // edges (the outline clips alone shape it).
        if !q.aliasedEdges.isEmpty, q.roundedClip == nil, case .solidColor(let color) = q.material,
           let texel = TextureResource(zeroedWidth: 1, height: 1) {
            texel.base.storeBytes(of: PixelBuffer.word(color), as: UInt32.self)
            let toLocal = ProjectiveTransform.scale(x: Double(q.rect.width), y: Double(q.rect.height))
                .concatenating(.translation(x: Double(q.rect.minX), y: Double(q.rect.minY)))
            return ProjectiveSource(image: texel, toLocal: toLocal, filter: PIXMAN_FILTER_NEAREST,
                                    repeatMode: PIXMAN_REPEAT_PAD)
        }
        return intermediate(q, box: box)
    }

    /// The quad drawn flat (opacity 1, no device clip) at about the device resolution, with a
    /// 1-pixel transparent border so resampling fades out at its edges. Its size is bounded by
    /// twice the pixel box it lands in (and 4,096), so an edge-on quad cannot allocate much.
    private func intermediate(_ q: ResolvedQuad, box: PixelRect) -> ProjectiveSource? {
        let r = q.rect
        let samples = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY), (r.midX, r.midY)]
        var scale = samples.map { q.transform.localScale(x: Double($0.0), y: Double($0.1)) }.max() ?? 1
        let limit = min(4094, max(64, 2 * Double(max(box.width, box.height))))
        scale = min(max(scale, 1.0 / 64), limit / Double(r.width), limit / Double(r.height))
        let pad = 1.0
        let w = Int((Double(r.width) * scale).rounded(.up)) + 2, h = Int((Double(r.height) * scale).rounded(.up)) + 2
        guard let image = TextureResource(zeroedWidth: w, height: h),
              let surface = image.makeCairoSurface() else { return nil }
        let cr = cairo_create(surface)!
        let flat = ProjectiveTransform.translation(x: -Double(r.minX), y: -Double(r.minY))
            .concatenating(.scale(x: scale, y: scale)).concatenating(.translation(x: pad, y: pad))
        drawAffine(ResolvedQuad(rect: r, material: q.material, transform: flat, opacity: 1, clip: nil,
                                roundedClip: q.roundedClip), cr: cr)
        cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        guard let toLocal = flat.inverted() else { return nil }
        return ProjectiveSource(image: image, toLocal: toLocal, filter: PIXMAN_FILTER_BILINEAR,
                                repeatMode: PIXMAN_REPEAT_NONE)
    }

    /// `source` resampled into a new buffer whose pixel (0, 0) is buffer pixel (box.x, box.y);
    /// `inverse` maps buffer pixels to source pixels.
    static func warp(_ source: ProjectiveSource, inverse: ProjectiveTransform, box: PixelRect) -> TextureResource? {
        guard let out = TextureResource(zeroedWidth: box.width, height: box.height),
              let src = source.image.makePixmanImage(), let dst = out.makePixmanImage() else { return nil }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        // The matrix takes the output buffer's own pixels (origin at the box corner), not the
        // frame's: frame coordinates of several hundred pixels give translation entries in the
        // thousands, and once the largest entry is scaled to 16 the perspective terms fall below
        // 16.16's resolution (a card at x ≈ 650 px drew 20 px off before this).
        let m = ProjectiveTransform.translation(x: Double(box.x), y: Double(box.y)).concatenating(inverse)
        // pixman maps column vectors: its matrix is our row-vector matrix transposed. The scale
        // of a homogeneous matrix is free, and pixman steps x, y and w in 16.16 (|value| < 32768,
        // each entry off by up to 2^-17): make the largest |x|, |y| or w at the box's corners
        // 16384. (Scaling the largest entry to 16 left the perspective terms a few units of 2^-16:
        // texel positions off by over a texel at m34 = −1/600.)
        var big = 0.0
        for (cx, cy) in [(0.0, 0.0), (Double(box.width), 0), (0, Double(box.height)),
                         (Double(box.width), Double(box.height))] {
            big = max(big, abs(cx * m.m11 + cy * m.m21 + m.m31), abs(cx * m.m12 + cy * m.m22 + m.m32),
                      abs(cx * m.m13 + cy * m.m23 + m.m33))
        }
        guard big > 0, big.isFinite else { return nil }
        let k = 16384 / big
        var f = pixman_f_transform(m: ((m.m11 * k, m.m21 * k, m.m31 * k),
                                       (m.m12 * k, m.m22 * k, m.m32 * k),
                                       (m.m13 * k, m.m23 * k, m.m33 * k)))
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return nil }
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, source.filter, nil, 0)
        pixman_image_set_repeat(src, source.repeatMode)
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0,
                                 Int32(box.width), Int32(box.height))
        return out
    }
}
