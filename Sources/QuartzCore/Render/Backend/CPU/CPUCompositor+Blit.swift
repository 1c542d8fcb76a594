import CQuartzCairo
import CQuartzPixman
import CoreGraphics

extension CPUCompositor {
    /// Copies a texture quad that lands on whole pixels 1:1 (integer translation, no rounded
    /// clip, integral rects of equal size) with pixman, the fast path for pass outputs and
    /// unscaled contents. Returns false, drawing nothing, when the quad is not such a blit.
    /// `keptTexture`: the texture outlives this frame (contents, cached bitmaps), so its
    /// opacity is worth scanning once; a pass output's is not scanned.
    func blit(_ q: ResolvedQuad, into target: RasterTarget, cairoSurface: OpaquePointer, keptTexture: Bool = false) -> Bool {
        guard q.blendMode == .sourceOver || q.blendMode == .plus,
              q.roundedClip == nil, q.transform.isIntegerTranslation, let m = q.transform.affine,
              case .texture(let texture, let source, _, _) = q.material,
              source.size == q.rect.size, source.isIntegral, q.rect.isIntegral,
              source.minX >= 0, source.minY >= 0,
              Int(source.maxX) <= texture.width, Int(source.maxY) <= texture.height,
              q.clip?.isIntegral ?? true else { return false }
        let full = PixelRect(x: Int(q.rect.minX + m.tx), y: Int(q.rect.minY + m.ty),
                             width: Int(q.rect.width), height: Int(q.rect.height))
        var dest = full.intersection(target.drawable)
        if let c = q.clip, let pc = PixelRect(enclosing: c) { dest = dest.intersection(pc) }
        guard !dest.isEmpty else { return true }
        guard let src = texture.makePixmanImage(),
              let dst = pixmanImage(target.base, width: target.width, height: target.height, stride: target.stride)
        else { return true }
        let mask = makePixmanOpacityMask(q.opacity)
        defer { pixman_image_unref(src); pixman_image_unref(dst); if let mask { pixman_image_unref(mask) } }
        cairo_surface_flush(cairoSurface)
        // An opaque texture drawn with OVER at opacity 1 replaces what is under it, the same
        // words as OVER: pixman's SRC copies rows, about a quarter faster than OVER testing
        // each pixel's alpha (a full-screen background, as in the wallpapers).
        let replaces = q.blendMode == .sourceOver && mask == nil && (keptTexture ? texture.isOpaque : texture.isKnownOpaque)
        pixman_image_composite32(q.blendMode == .plus ? PIXMAN_OP_ADD : replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, src, mask, dst,
                                 Int32(Int(source.minX) + dest.x - full.x), Int32(Int(source.minY) + dest.y - full.y),
                                 0, 0, Int32(dest.x), Int32(dest.y), Int32(dest.width), Int32(dest.height))
        cairo_surface_mark_dirty(cairoSurface)
        return true
    }

    /// `content`'s pixels multiplied by the alpha of `mask` where the two passes overlap in
    /// pass space, transparent elsewhere (a layer mask).
    static func masked(_ content: PassOutput, by mask: PassOutput) -> TextureResource? {
        let c = content.texture
        guard let out = TextureResource(zeroedWidth: c.width, height: c.height) else { return nil }
        out.base.copyMemory(from: c.base, byteCount: c.stride * c.height)
        guard let src = mask.texture.makePixmanImage(), let dst = out.makePixmanImage() else { return nil }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        // IN_REVERSE: dst = dst × src.alpha; outside the mask's pixels src is transparent.
        pixman_image_composite32(PIXMAN_OP_IN_REVERSE, src, nil, dst,
                                 Int32(content.originX - mask.originX), Int32(content.originY - mask.originY),
                                 0, 0, 0, 0, Int32(c.width), Int32(c.height))
        return out
    }
}

fileprivate extension CGRect {
    /// Whether every edge lies on a whole number.
    var isIntegral: Bool {
        minX == minX.rounded() && minY == minY.rounded() && maxX == maxX.rounded() && maxY == maxY.rounded()
    }
}
