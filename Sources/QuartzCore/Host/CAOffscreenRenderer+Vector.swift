import CoreGraphics

extension CAOffscreenRenderer {
    /// The largest side, in pixels, of the raster behind a vector frame (`render(at:in:)`).
    static let maximumVectorRasterSide = 4096.0

    /// Draws the frame at host time `time` into `context` as drawing calls (vector paths,
    /// images, text) rather than pixels — for PDF output of one frame (our addition; Apple has
    /// no offscreen host).
    ///
    /// The frame is the one `image(at:)` returns, at the same time, with the same commit and
    /// clock rules: every animation is evaluated at `time`, and the same passes are built; the
    /// vector backend (Render/Backend/Vector) draws them. The context's current user space is
    /// taken as the host's space in points, y up, origin at the bottom-left of the
    /// `size.width` × `size.height` frame (for a PDF page of media box `size`, the page itself);
    /// a flipped host is flipped into it. Parts a context cannot express (shadows, filters,
    /// masks, perspective) are rasterized at `scale` pixels per point (at least 2 on PDF pages),
    /// the frame at most `maximumVectorRasterSide` pixels a side (so a page-sized shadow stays
    /// a bounded buffer).
    public func render(at time: CFTimeInterval, in context: CGContext) {
        host.update(to: time)
        var k = Double(scale)
        if context.isPDFContext { k = max(k, 2) }
        let side = Double(max(size.width, size.height)) * k
        if side > Self.maximumVectorRasterSide { k *= Self.maximumVectorRasterSide / side }
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: CGRect(origin: .zero, size: size))
        producer.drawVector(at: host.clock.now, geometry: .host(viewport: size, scale: CGFloat(k), flipped: isFlipped),
                            in: context)
    }
}
