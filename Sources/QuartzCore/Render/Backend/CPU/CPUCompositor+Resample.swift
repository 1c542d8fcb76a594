import CQuartzCairo
import CoreGraphics

extension CPUCompositor {
    /// A scaled or sub-pixel placed texture quad as a whole-pixel copy of its resampled pixels
    /// (`ResampleCache`; made now when it was also drawn last frame), for `blit`; nil when it
    /// is drawn directly: not an affine texture quad, already a whole-pixel copy, a rounded
    /// clip, a blend mode other than OVER or PLUS, too large to keep, or mostly clipped away
    /// with no bitmap kept from an earlier frame (a quad at the edge of the damage, or a tile
    /// sliding off screen, still copies the bitmap that full repaints keep: copying part of a
    /// kept bitmap is always cheaper than resampling that part, and it draws the same bytes
    /// as a full repaint, where the quad has no damage clip).
    /// The bitmap is the quad drawn at opacity 1 into transparent pixels, so interior pixels
    /// are the same words as a direct draw and edge pixels round coverage and opacity in two
    /// steps instead of one (within 1/255). The decision depends only on the quad and the
    /// frames before, so every band of a frame draws it the same way.
    func cachedResample(_ q: ResolvedQuad) -> ResolvedQuad? {
        guard case .texture(let texture, let source, let filter, let edge) = q.material, let t = q.transform.affine,
              q.roundedClip == nil, q.blendMode == .sourceOver || q.blendMode == .plus,
              !(q.transform.isIntegerTranslation && source.size == q.rect.size) else { return nil }
        let (ix, fx) = Self.wholeAndFraction(Double(t.tx)), (iy, fy) = Self.wholeAndFraction(Double(t.ty))
        var sub = t
        sub.tx = CGFloat(fx); sub.ty = CGFloat(fy)
        guard let box = PixelRect(enclosing: q.rect.applying(sub)),
              box.width * box.height <= ResampleCache.Key.maximumPixels else { return nil }
        let key = ResampleCache.Key(texture: ObjectIdentifier(texture), generation: texture.generation, source: source,
                                    rect: q.rect, filter: filter, edge: edge, aliased: q.aliasedEdges,
                                    a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), fx: fx, fy: fy)
        // Only bitmaps of earlier frames: one made by another band meanwhile must not change
        // how this band draws the quad.
        guard Self.mostlyVisible(q, box: box, ix: ix, iy: iy) else {
            return resampleCache.kept(key).map { Self.blitQuad(of: q, entry: $0, ix: ix, iy: iy) }
        }
        guard let entry = resampleCache.bitmap(key, owner: texture, make: {
            guard let pixels = TextureResource(zeroedWidth: box.width, height: box.height),
                  let surface = pixels.makeCairoSurface() else { return nil }
            defer { cairo_surface_destroy(surface) }
            var alone = q
            alone.transform = ProjectiveTransform(sub.concatenating(CGAffineTransform(translationX: CGFloat(-box.x),
                                                                                      y: CGFloat(-box.y))))
            alone.opacity = 1; alone.clip = nil; alone.blendMode = .sourceOver
            if !drawSpans(alone, into: RasterTarget(pixels), cairoSurface: surface) {
                let cr = cairo_create(surface)!
                drawAffine(alone, cr: cr)
                cairo_destroy(cr)
            }
            cairo_surface_flush(surface)
            return (pixels, box.x, box.y)
        }) else { return nil }
        return Self.blitQuad(of: q, entry: entry, ix: ix, iy: iy)
    }

    /// `v` as whole pixels and a fraction in [0, 1); within 1e-6 of a whole number it is that
    /// number (layout arithmetic leaves such noise, e.g. −10.000000000000007, on layers moved
    /// by whole pixels; it changes no sample).
    static func wholeAndFraction(_ v: Double) -> (Double, Double) {
        let r = v.rounded()
        if abs(v - r) < 1e-6 { return (r, 0) }
        let w = v.rounded(.down)
        return (w, v - w)
    }

    /// Whether at least a quarter of the quad's pixels are inside its clip: a quad mostly cut
    /// away (a large image behind a small damaged area) is cheaper to draw directly.
    static func mostlyVisible(_ q: ResolvedQuad, box: PixelRect, ix: Double, iy: Double) -> Bool {
        guard let clip = q.clip else { return true }
        let placed = box.cgRect.offsetBy(dx: CGFloat(ix), dy: CGFloat(iy))
        let seen = placed.intersection(clip)
        guard !seen.isNull else { return false }
        return 4 * seen.width * seen.height >= placed.width * placed.height
    }
}

extension ResampleCache.Key {
    /// Larger quads are drawn directly (8 Mpx, 32 MiB: half the default budget).
    static let maximumPixels = 8 << 20
}
