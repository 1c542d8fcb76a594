import CoreGraphics

/// A layer whose backing store the vector backend draws again rather than as pixels: its
/// `draw(in:)` (or its delegate's) runs into the target context, so drawn paths and text stay
/// vectors (`render(in:)` into PDF contexts; the layer is the live model layer).
struct VectorRedraw {
    let layer: CALayer
    /// The store the layer drew, whose texture the quads name: where its bounds lie and which
    /// edge its first row is.
    let store: BackingStore

    /// Draws the layer's content so that the store's bounds land on `rect` as its texture
    /// would (texture row 0 at `rect.minY`), inside a transparency layer carrying the current
    /// alpha; the context is set up as the backing store's was (default colours and lines).
    func draw(onto rect: CGRect, in ctx: CGContext) {
        let b = store.bounds
        guard b.width > 0, b.height > 0 else { return }
        let sx = rect.width / b.width, sy = rect.height / b.height
        // Bounds space → the quad's space: row 0 of the store is b.minY (flipped context) or b.maxY.
        let toRect = store.firstRowAtMinY
            ? CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: rect.minX - b.minX * sx, ty: rect.minY - b.minY * sy)
            : CGAffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: rect.minX - b.minX * sx, ty: rect.minY + b.maxY * sy)
        ctx.concatenate(toRect)
        ctx.clip(to: b)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setAlpha(1)
        ctx.setBlendMode(.normal)
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.setStrokeColor(CGColor(gray: 0, alpha: 1))
        ctx.setLineWidth(1)
        ctx.setLineCap(.butt)
        ctx.setLineJoin(.miter)
        ctx.setMiterLimit(10)
        ctx.setLineDash(phase: 0, lengths: [])
        ctx.beginPath()
        layer.draw(in: ctx)
        ctx.endTransparencyLayer()
    }
}
