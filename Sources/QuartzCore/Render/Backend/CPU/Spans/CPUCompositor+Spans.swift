import CCairo

extension CPUCompositor {
    /// Draws an affine texture quad with the span rasteriser (`Spans/`) when it is one the
    /// span path covers (see `SpanQuad.init?`); returns false, drawing nothing, otherwise.
    func drawSpans(_ q: ResolvedQuad, into target: RasterTarget, cairoSurface: OpaquePointer) -> Bool {
        guard let span = SpanQuad(q, drawable: target.drawable) else { return false }
        guard !span.region.isEmpty else { return true }
        cairo_surface_flush(cairoSurface)
        span.draw(into: target)
        cairo_surface_mark_dirty(cairoSurface)
        return true
    }
}
