import CPixman

/// The texture span loop: per row, the edge pixels get analytic coverage in fixed point
/// (`SpanEdges`) and the run between them is drawn at full coverage (`SpanQuad+Run`); each
/// pixel samples the texture at its centre (`TexelSource`) and is composited with
/// premultiplied OVER in 8 bits (`SpanPixel`), rounding as pixman does. Texel positions are
/// 16.16, computed once per row at the interior run's first pixel and stepped from there
/// (edge pixels included). Only `region` is written, so a band draws exactly its rows of
/// the whole frame. The next row's pixels are prefetched while a row is drawn: a sprite's
/// rows are a frame's stride apart, so each would otherwise start with a cache miss (the
/// largest cost of the edge pixels in a profile of the sprites scene).
extension SpanQuad {
    func draw(into target: RasterTarget) {
        guard blendMode == .sourceOver else { return drawBlended(into: target) }   // SpanBlend+Quad
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        // The edge pixels' reads specialised per filter (a branch and a call each otherwise).
        if bilinear { drawRows(into: target, BilinearEdge.self) } else { drawRows(into: target, NearestEdge.self) }
    }

    private func drawRows<F: SpanFetch>(into target: RasterTarget, _: F.Type) {
        let texels = TexelSource(self), edges = SpanEdges(outline)
        let su = Self.fixed(ua), sv = Self.fixed(va)
        var next = outline.columns(row: region.y)
        for y in region.y..<(region.y + region.height) {
            let (candidates, straightInner) = next
            let inner = corners?.interior(row: y, straightInner) ?? straightInner
            if y + 1 < region.y + region.height {
                next = outline.columns(row: y + 1)
                Self.prefetch(target.base + (y + 1) * target.stride, next.candidates)
            }
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            // Stepped in 16.16 from the run's first pixel, as pixman does.
            let x0 = inner.isEmpty ? candidates.lowerBound : inner.lowerBound
            let (u, v) = fixedTexel(x: x0, yc: Double(y) + 0.5)
            let d0 = SpanEdges.start(outline, x: x0, y: y)
            for x in candidates.lowerBound..<leftEnd {
                edgePixel(row + x, x - x0, x, y, d0, edges, u, v, su, sv, texels, F.self)
            }
            for x in rightStart..<candidates.upperBound {
                edgePixel(row + x, x - x0, x, y, d0, edges, u, v, su, sv, texels, F.self)
            }
            guard !inner.isEmpty else { continue }
            drawRun(row + inner.lowerBound, count: inner.count, u: u, v: v, su: su, sv: sv, texels)
        }
    }

    /// Pixel (x, y), `i` columns from the row's reference column, with its coverage over `p`.
    @inline(__always) private func edgePixel<F: SpanFetch>(_ p: UnsafeMutablePointer<UInt32>, _ i: Int, _ x: Int, _ y: Int,
                                                           _ d0: SIMD4<Int64>, _ edges: SpanEdges, _ u: Int64, _ v: Int64,
                                                           _ su: Int64, _ sv: Int64, _ texels: TexelSource, _: F.Type) {
        let k = Int64(i)
        var cov = edges.coverage8(d0 &+ edges.step &* k, outline, x: x, y: y)
        if cov > 0, let corners { cov = corners.coverage8(cov, x: x, y: y) }
        guard cov > 0 else { return }
        let m = SpanPixel.mul8(cov, opacity8)
        p.pointee = SpanPixel.over(p.pointee, F.fetch(texels, u &+ su &* k, v &+ sv &* k), mask: UInt64(m))
    }

    /// Requests the cache lines of pixels `columns` of the row at `row`.
    @inline(__always) static func prefetch(_ row: UnsafeMutableRawPointer, _ columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        var x = columns.lowerBound
        while x < columns.upperBound {
            cpu_backend_prefetch(row + x &* 4)
            x += 16
        }
        cpu_backend_prefetch(row + (columns.upperBound - 1) &* 4)
    }

    /// The 16.16 texel position of the centre of column `x` on the row whose centre is `yc`.
    @inline(__always) func fixedTexel(x: Int, yc: Double) -> (Int64, Int64) {
        let xc = Double(x) + 0.5
        return (Self.fixed(ua * xc + uc * yc + ut), Self.fixed(va * xc + vc * yc + vt))
    }

    /// A texel coordinate or step in 16.16 (`init?` keeps them within ±`coordinateLimit`).
    @inline(__always) static func fixed(_ v: Double) -> Int64 { SpanEdges.fixed(v, limit: 1 << 62) }
}
