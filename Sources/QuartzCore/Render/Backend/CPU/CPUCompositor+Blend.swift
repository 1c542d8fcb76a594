import CQuartzCairo
import CoreGraphics

/// Blend modes on the CPU: cairo's operators (pixman implements the W3C Compositing and
/// Blending formulas on premultiplied colour), and `plusDarker`, which cairo lacks, per pixel.
extension BlendMode {
    /// The cairo operator that draws this mode (CoreGraphics' table; `OVER` for `plusDarker`,
    /// which is drawn separately).
    var cairoOperator: cairo_operator_t { CGContext.cairoOperator(for: cgBlendMode) }
}

extension CPUCompositor {
    /// Draws `q` with `plusDarker`: the quad is drawn (OVER) into a scratch buffer covering its
    /// pixel box (within the target and clip), then combined per pixel on premultiplied bytes:
    /// `Ra = Sa + Da − Sa·Da`, `R = max(0, Ra − ((Da − D) + (Sa − S)))`. For opaque colours this
    /// is Apple's `kCGBlendModePlusDarker`, `R = max(0, 1 − ((1 − D) + (1 − S)))`
    /// (https://developer.apple.com/documentation/coregraphics/cgblendmode/plusdarker); a
    /// transparent source or destination leaves the other unchanged.
    func drawPlusDarker(_ q: ResolvedQuad, into target: RasterTarget, surface: OpaquePointer) {
        var box = target.bounds
        if let c = q.clip, let pc = PixelRect(enclosing: c) { box = box.intersection(pc) }
        if let b = q.transform.boundingBox(of: q.rect), let pb = PixelRect(enclosing: b) { box = box.intersection(pb) }
        guard !box.isEmpty, let scratch = TextureResource(zeroedWidth: box.width, height: box.height),
              let scratchSurface = scratch.makeCairoSurface() else { return }
        // The quad moved into the scratch buffer's pixels.
        var over = q
        over.blendMode = .sourceOver
        over.transform = q.transform.concatenating(.translation(x: Double(-box.x), y: Double(-box.y)))
        over.clip = q.clip?.offsetBy(dx: CGFloat(-box.x), dy: CGFloat(-box.y))
        let cr = cairo_create(scratchSurface)!
        let raster = RasterTarget(scratch)
        if over.transform.isAffine {
            if !blit(over, into: raster, cairoSurface: scratchSurface) { drawAffine(over, cr: cr) }
        } else {
            drawProjective(over, into: raster, cr: cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(scratchSurface)
        cairo_surface_destroy(scratchSurface)
        cairo_surface_flush(surface)
        for y in 0..<box.height {
            let dst = (target.base + (box.y + y) * target.stride).assumingMemoryBound(to: UInt32.self) + box.x
            let src = (scratch.base + y * scratch.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<box.width where src[x] != 0 {
                dst[x] = Self.plusDarker(src[x], dst[x])
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// One premultiplied ARGB32 pixel `s` plus-darker onto `d` (see `drawPlusDarker`).
    static func plusDarker(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = Int(s >> 24), da = Int(d >> 24)
        let ra = sa + da - (sa * da + 127) / 255
        var out = UInt32(ra) << 24
        for shift in [16, 8, 0] as [UInt32] {
            let sc = Int((s >> shift) & 0xFF), dc = Int((d >> shift) & 0xFF)
            let r = min(ra, max(0, ra - ((da - dc) + (sa - sc))))
            out |= UInt32(r) << shift
        }
        return out
    }
}
