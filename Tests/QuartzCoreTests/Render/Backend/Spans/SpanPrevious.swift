@testable import QuartzCore

/// The span loop as it was before the fixed-point edges and four-pixel runs (issue 17's
/// second pass), kept as the "previous output" the fast path is compared with: Double
/// coverage and a rounded texel position per edge pixel, every interior pixel through the
/// one-pixel `run`.
extension SpanQuad {
    func drawPrevious(into target: RasterTarget) {
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        let texels = TexelSource(self)
        let su = Int64((ua * 65536).rounded()), sv = Int64((va * 65536).rounded())
        func texel(_ x: Int, _ yc: Double) -> (Int64, Int64) {
            let xc = Double(x) + 0.5
            return (Int64(((ua * xc + uc * yc + ut) * 65536).rounded()), Int64(((va * xc + vc * yc + vt) * 65536).rounded()))
        }
        for y in region.y..<(region.y + region.height) {
            let (candidates, inner) = outline.columns(row: y)
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            for x in Array(candidates.lowerBound..<leftEnd) + Array(rightStart..<candidates.upperBound) {
                let cov = outline.coverage(x: x, y: y)
                guard cov > 0 else { continue }
                let m = SpanPixel.mul8(UInt32(cov * 255 + 0.5), opacity8)
                let (u, v) = texel(x, Double(y) + 0.5)
                row[x] = SpanPixel.over(row[x], texels.sample(u, v), mask: UInt64(m))
            }
            guard !inner.isEmpty else { continue }
            let (u, v) = texel(inner.lowerBound, Double(y) + 0.5)
            let step = Step(u: u, v: v, su: su, sv: sv, t: texels, m: UInt64(opacity8))
            let all = 0..<inner.count, p = row + inner.lowerBound
            switch (texels.bilinear, opacity8 == 255) {
            case (true, true): Self.run(p, all, step, BilinearEdge.self, Opaque.self)
            case (true, false): Self.run(p, all, step, BilinearEdge.self, Faded.self)
            case (false, true): Self.run(p, all, step, NearestEdge.self, Opaque.self)
            case (false, false): Self.run(p, all, step, NearestEdge.self, Faded.self)
            }
        }
    }
}
