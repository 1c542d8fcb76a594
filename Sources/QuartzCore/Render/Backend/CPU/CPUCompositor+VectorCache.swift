import CQuartzCairo
import CoreGraphics

extension CPUCompositor {
    /// A path quad as a whole-pixel texture quad from the rasterisation cache (drawn now on a
    /// miss); nil when the quad is drawn straight: not a path, not affine, a rounded clip or
    /// hard edges, a blend mode other than OVER or PLUS, or too large to keep. The decision
    /// depends only on the quad, so every band of a frame, and every frame, draws it the same
    /// way.
    func cachedVector(_ q: ResolvedQuad) -> ResolvedQuad? {
        guard case .path(let m) = q.material, let t = q.transform.affine, q.roundedClip == nil,
              q.aliasedEdges.isEmpty, q.blendMode == .sourceOver || q.blendMode == .plus else { return nil }
        let ix = Double(t.tx).rounded(.down), iy = Double(t.ty).rounded(.down)
        var sub = t
        sub.tx -= CGFloat(ix); sub.ty -= CGFloat(iy)
        let key = VectorRasterCache.Key(path: ObjectIdentifier(m.path), style: m.style, rect: q.rect,
                                        a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d),
                                        fx: Double(sub.tx), fy: Double(sub.ty))
        let entry: VectorRasterCache.Entry
        if let hit = vectorCache.lookup(key) {
            entry = hit
        } else {
            guard let box = PixelRect(enclosing: q.rect.applying(sub)),
                  box.width * box.height <= VectorRasterCache.maximumEntryPixels,
                  let texture = TextureResource(zeroedWidth: box.width, height: box.height),
                  let surface = texture.makeCairoSurface() else { return nil }
            let cr = cairo_create(surface)!
            cairoSetMatrix(cr, sub.concatenating(CGAffineTransform(translationX: CGFloat(-box.x), y: CGFloat(-box.y))))
            cairoRectangle(cr, q.rect); cairo_clip(cr)
            Self.paint(m, cr: cr, alpha: 1)
            cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
            entry = VectorRasterCache.Entry(owner: m.path, texture: texture, originX: box.x, originY: box.y, lastUse: 0)
            vectorCache.insert(key, entry)
        }
        return Self.blitQuad(of: q, entry: entry, ix: ix, iy: iy)
    }
}
