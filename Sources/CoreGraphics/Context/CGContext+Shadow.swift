import CQuartzCairo

// Shadows (Apple's `setShadow(offset:blur:color:)`,
// https://developer.apple.com/documentation/coregraphics/cgcontext/1456511-setshadow).
//
// Offset and blur are in base space: device pixels of a bitmap, points of a PDF page, y up,
// not affected by the CTM. Apple does not document how `blur` maps to a Gaussian; we use
// σ = blur / 2, the mapping WebKit used when it emulated CoreGraphics shadows on Skia
// (`SkBlurMaskFilter::Create(blur / 2, …)` with Apple's 1/3-alpha black default), which also
// matches CSS, where a blur radius is 2σ. The Gaussian is approximated by three box blurs
// (variance matched, Kovesi's method), so the cost does not grow with σ. `blur` is clamped to
// 0…`maximumShadowBlur`.
//
// How it is drawn: the paint runs once into an alpha-only group (ignoring the clip, so a
// clipped shape still casts its whole shadow, as far as it lies on the device surface), the
// coverage is blurred inside the ink box grown by the blur's reach (≈ 3σ), tinted with the
// shadow colour and composited at the offset with the blend mode, then the paint runs again
// for the shape itself. PDF pages rasterize the shadow at 1 pixel per point.

/// The largest blur honoured, in base-space units.
let maximumShadowBlur: CGFloat = 500

extension CGContext {
    /// Turns shadows on for later drawing (Apple's `setShadow(offset:blur:color:)`).
    /// - Parameters:
    ///   - offset: shadow displacement in base space (pixels or points), +y up, CTM ignored.
    ///   - blur: non-negative blur amount in base-space units (σ = blur / 2); negative or
    ///     non-finite values count as 0.
    ///   - color: the shadow colour; nil (or fully transparent) turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        let finite = offset.width.isFinite && offset.height.isFinite
        gstate.shadowOffset = finite ? offset : .zero
        gstate.shadowBlur = blur.isFinite ? min(max(0, blur), maximumShadowBlur) : 0
        gstate.shadowColor = (color?.alpha ?? 0) > 0 ? color : nil
    }

    /// Turns shadows on with Apple's default colour, black at 1/3 alpha (Apple's
    /// `setShadow(offset:blur:)`, https://developer.apple.com/documentation/coregraphics/cgcontext/1456337-setshadow).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Draws the shadow of what `draw` paints (if a shadow is set), then the paint itself
    /// through `drawBlended`. See the contract in CGContext+PaintEffects.swift.
    func drawWithShadow(_ draw: () -> Void) {
        guard let color = gstate.shadowColor else { return drawBlended(draw) }
        let path = SavedPath(cr)
        if let coverage = captureAlpha({ path.replay(); draw() }),
           let shadow = coverage.blurred(sigma: Double(gstate.shadowBlur) / 2) {
            // Base-space offset to device space (only the linear part of the base transform).
            let o = gstate.shadowOffset, b = baseTransform
            let dx = Double(b.a * o.width + b.c * o.height), dy = Double(b.b * o.width + b.d * o.height)
            let c = color.rgba
            cairo_save(cr)
            // The unbounded modes would wipe the surface around the shadow: composite it normally.
            if CGContext.isUnbounded(gstate.blendMode) { cairo_set_operator(cr, CAIRO_OPERATOR_OVER) }
            else { applyBlendMode() }
            cairo_identity_matrix(cr)
            cairo_set_source_rgba(cr, Double(c.r), Double(c.g), Double(c.b), Double(c.a))
            cairo_mask_surface(cr, shadow.raster.surface, Double(shadow.x) + dx, Double(shadow.y) + dy)
            cairo_restore(cr)
        }
        path.replay()
        drawBlended(draw)
    }
}

extension AlphaRaster {
    /// The ink box grown by the blur's reach, blurred into a new raster, and where its
    /// top-left pixel goes in device space. σ below 0.5 copies the ink box unblurred.
    func blurred(sigma: Double) -> (raster: AlphaRaster, x: Int, y: Int)? {
        let boxes = sigma >= 0.5 ? AlphaRaster.boxWidths(sigma: sigma) : []
        let reach = boxes.reduce(0) { $0 + ($1 - 1) / 2 }
        let w = x1 - x0 + 2 * reach, h = y1 - y0 + 2 * reach
        guard let out = AlphaRaster(width: w, height: h) else { return nil }
        var buf = [Float](repeating: 0, count: w * h)
        let src = bytes, s = stride
        for y in y0..<y1 {
            for x in x0..<x1 { buf[(y - y0 + reach) * w + (x - x0 + reach)] = Float(src[y * s + x]) }
        }
        buf.withUnsafeMutableBufferPointer { b in
            var tmp = [Float](repeating: 0, count: max(w, h))
            for width in boxes {
                for row in 0..<h { AlphaRaster.boxBlur(b.baseAddress! + row * w, count: w, step: 1, width: width, tmp: &tmp) }
                for col in 0..<w { AlphaRaster.boxBlur(b.baseAddress! + col, count: h, step: w, width: width, tmp: &tmp) }
            }
        }
        cairo_surface_flush(out.surface)
        let dst = out.bytes, ds = out.stride
        for y in 0..<h { for x in 0..<w { dst[y * ds + x] = UInt8(min(255, max(0, buf[y * w + x].rounded()))) } }
        cairo_surface_mark_dirty(out.surface)
        return (out, x0 - reach, y0 - reach)
    }

    /// Three odd box widths whose combined variance matches σ² (Kovesi, "Fast Almost-Gaussian
    /// Filtering", 2010).
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        var wl = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2, l = Double(wl)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<3).map { $0 < m ? wl : wu }
    }

    /// In-place moving average of `width` (odd) samples, zero outside the run.
    static func boxBlur(_ p: UnsafeMutablePointer<Float>, count: Int, step: Int, width: Int, tmp: inout [Float]) {
        guard width > 1 else { return }
        let r = width / 2, scale = 1 / Float(width)
        for i in 0..<count { tmp[i] = p[i * step] }
        var sum: Float = 0
        for i in 0..<min(r, count) { sum += tmp[i] }
        for i in 0..<count {
            if i + r < count { sum += tmp[i + r] }
            if i - r - 1 >= 0 { sum -= tmp[i - r - 1] }
            p[i * step] = sum * scale
        }
    }
}
