import CoreGraphics

extension CPUCompositor {
    /// `q` drawn as a copy of a cached bitmap (`PixelCache` entry: rasterised path or
    /// resampled texture): a nearest, transparent-edged texture quad over the entry's whole
    /// pixels, translated by the whole-pixel part (ix, iy) of `q`'s translation. Its edges are
    /// not aliased: the bitmap already holds `q`'s edges, hard or soft, and the copy's own
    /// edges lie on pixel boundaries, where hard and soft cover the same pixels.
    static func blitQuad<K>(of q: ResolvedQuad, entry: PixelCache<K>.Entry, ix: Double, iy: Double) -> ResolvedQuad {
        let pixels = entry.texture
        var out = q
        out.rect = CGRect(x: entry.originX, y: entry.originY, width: pixels.width, height: pixels.height)
        out.material = .texture(pixels, sourceRect: CGRect(x: 0, y: 0, width: pixels.width, height: pixels.height),
                                filter: .nearest, edge: .transparent)
        out.transform = .translation(x: ix, y: iy)
        out.aliasedEdges = []
        return out
    }
}
