/// The span loop: per row, the edge pixels get analytic coverage and the run between them is
/// drawn at full coverage (`SpanQuad+Run`); each pixel samples the texture at its centre
/// (`TexelSource`) and is composited with premultiplied OVER in 8 bits (`SpanPixel`), rounding
/// as pixman does. Only `region` is written, so a band draws exactly its rows of the whole frame.
extension SpanQuad {
    func draw(into target: RasterTarget) {
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        let texels = TexelSource(self)
        let su = Int64((ua * 65536).rounded()), sv = Int64((va * 65536).rounded())
        for y in region.y..<(region.y + region.height) {
            let (candidates, inner) = outline.columns(row: y)
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            for x in candidates.lowerBound..<leftEnd { row[x] = edgePixel(row[x], x, y, texels) }
            for x in rightStart..<candidates.upperBound { row[x] = edgePixel(row[x], x, y, texels) }
            guard !inner.isEmpty else { continue }
            // Stepped in 16.16 from the run's first pixel, as pixman does.
            let (u, v) = fixedTexel(x: inner.lowerBound, yc: Double(y) + 0.5)
            drawRun(row + inner.lowerBound, count: inner.count, u: u, v: v, su: su, sv: sv, texels)
        }
    }

    /// Pixel (x, y) with its analytic coverage over `d`.
    @inline(__always) private func edgePixel(_ d: UInt32, _ x: Int, _ y: Int, _ texels: TexelSource) -> UInt32 {
        let cov = outline.coverage(x: x, y: y)
        guard cov > 0 else { return d }
        let m = SpanPixel.mul8(UInt32(cov * 255 + 0.5), opacity8)
        let (u, v) = fixedTexel(x: x, yc: Double(y) + 0.5)
        return SpanPixel.over(d, texels.sample(u, v), mask: UInt64(m))
    }

    /// The 16.16 texel position of the centre of column `x` on the row whose centre is `yc`.
    @inline(__always) func fixedTexel(x: Int, yc: Double) -> (Int64, Int64) {
        let xc = Double(x) + 0.5
        return (Int64(((ua * xc + uc * yc + ut) * 65536).rounded()), Int64(((va * xc + vc * yc + vt) * 65536).rounded()))
    }
}
