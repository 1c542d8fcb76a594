/// Texture quads with a blend mode other than OVER (`SpanBlend`): the same rows, edge
/// coverage, rounded-clip corners and texel positions as the OVER loop (`SpanQuad+Draw`), a
/// pixel at a time, each sample composited by the mode with the mask coverage × opacity, as
/// cairo's span compositor passes it to pixman. One loop per filter × mode, specialised.
extension SpanQuad {
    func drawBlended(into target: RasterTarget) {
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        _ = blendMode.withSpanBlend(BlendedQuadRows(quad: self, target: target))
    }

    fileprivate func blendRows<F: SpanFetch, B: SpanBlendMode>(into target: RasterTarget, _: F.Type, _: B.Type) {
        let texels = TexelSource(self), edges = SpanEdges(outline)
        let su = Self.fixed(ua), sv = Self.fixed(va)
        for y in region.y..<(region.y + region.height) {
            let (candidates, straightInner) = outline.columns(row: y)
            guard !candidates.isEmpty else { continue }
            let inner = corners?.interior(row: y, straightInner) ?? straightInner
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            // Texel positions stepped from the same column as the OVER loop's.
            let x0 = inner.isEmpty ? candidates.lowerBound : inner.lowerBound
            let (u, v) = fixedTexel(x: x0, yc: Double(y) + 0.5)
            let d0 = SpanEdges.start(outline, x: x0, y: y)
            for x in candidates {
                let k = Int64(x - x0)
                var m = opacity8
                if !inner.contains(x) {
                    var cov = edges.coverage8(d0 &+ edges.step &* k, outline, x: x, y: y)
                    if cov > 0, let corners { cov = corners.coverage8(cov, x: x, y: y) }
                    m = SpanPixel.mul8(cov, opacity8)
                    guard m > 0 else { continue }
                }
                row[x] = B.blend(row[x], F.fetch(texels, u &+ su &* k, v &+ sv &* k), mask: m)
            }
        }
    }
}

private struct BlendedQuadRows: SpanBlendVisitor {
    let quad: SpanQuad, target: RasterTarget

    func visit<B: SpanBlendMode>(_: B.Type) {
        if quad.bilinear {
            quad.blendRows(into: target, BilinearEdge.self, B.self)
        } else {
            quad.blendRows(into: target, NearestEdge.self, B.self)
        }
    }
}
