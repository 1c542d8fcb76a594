import CQuartzCairo

extension CPUCompositor {
    /// Draws an affine texture quad, solid quad, rounded rect or border, or a perspective
    /// texture quad, with the span rasteriser (`Spans/`) when it is one the span path covers
    /// (see `SpanQuad.init?`, `SpanFill.init?`, `SpanProjective.init?`); returns false, drawing
    /// nothing, otherwise.
    func drawSpans(_ q: ResolvedQuad, into target: RasterTarget, cairoSurface: OpaquePointer) -> Bool {
        if let span = SpanQuad(q, drawable: target.drawable) {
            guard !span.region.isEmpty else { return true }
            cairo_surface_flush(cairoSurface)
            span.draw(into: target)
        } else if let fill = SpanFill(q, drawable: target.drawable) {
            guard !fill.outline.region.isEmpty else { return true }
            cairo_surface_flush(cairoSurface)
            fill.draw(into: target)
        } else if let projective = SpanProjective(q, drawable: target.drawable) {
            guard !projective.region.isEmpty else { return true }
            cairo_surface_flush(cairoSurface)
            projective.draw(into: target)
        } else {
            return false
        }
        cairo_surface_mark_dirty(cairoSurface)
        return true
    }
}
