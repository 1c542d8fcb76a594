import CoreGraphics

extension CAOffscreenRenderer {
    /// Draws the frame at host time `time` into `context` as drawing calls (vector paths,
    /// images, text) rather than pixels — for PDF output of one frame (our addition; Apple has
    /// no offscreen host).
    ///
    /// The frame is the one `image(at:)` returns, at the same time, with the same commit and
    /// clock rules: every animation is evaluated at `time`. The context's current user space is
    /// taken as the host's space in points, y up, origin at the bottom-left of the
    /// `size.width` × `size.height` frame (for a PDF page of media box `size`, the page itself);
    /// a flipped host is flipped into it. `scale` does not apply (vector output has no pixels);
    /// parts that must be rasterized (perspective, masks, `shadowPath` shadows) are rendered at
    /// the context's resolution. Layers whose animated keys make them redraw during animation
    /// (`needsDisplay(forKey:)`) show their committed backing store.
    public func render(at time: CFTimeInterval, in context: CGContext) {
        host.update(to: time)
        let now = host.clock.now
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: CGRect(origin: .zero, size: size))
        if isFlipped {
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
        }
        VectorRenderer(layers: tree.current(), context: context)
            .layer(rootLayer.layerID, parentTime: now, parentSublayerSpace: CATransform3DIdentity, opacity: 1,
                   flipParity: isFlipped)
    }
}
