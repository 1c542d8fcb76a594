/// The solid span loop: per row, the runs wholly inside the quad (and outside the ring's hole,
/// clear of round corners) are filled, stored directly when the colour is opaque; the other
/// candidate pixels get the outline's coverage less the hole's (fixed point, `SpanEdges`,
/// stepped along the row; sampled near a corner's curve, `SpanCorners`) and are composited
/// like cairo's masked OVER.
extension SpanFill {
    func draw(into target: RasterTarget) {
        guard blendMode == .sourceOver else { return drawBlended(into: target) }   // SpanBlend+Fill
        let region = outline.region
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, color != 0 else { return }
        withCoverage(OverRows(fill: self, target: target))
    }

    /// The OVER loop over `coverage`'s rows.
    fileprivate func drawRows<C: SpanRowShape, H: SpanRowShape>(_ coverage: Coverage<C, H>, into target: RasterTarget) {
        let region = outline.region
        let lanes = SpanPixel.spread(color), opaque = color >> 24 == 255
        for y in region.y..<(region.y + region.height) {
            let r = coverage.row(y)
            guard !r.candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            var x = r.candidates.lowerBound
            while x < r.candidates.upperBound {
                if r.isFull(x) {
                    let end = r.holeCandidates.isEmpty || r.holeCandidates.lowerBound <= x
                        ? r.inner.upperBound : min(r.inner.upperBound, r.holeCandidates.lowerBound)
                    fill(row + x, count: end - x, lanes, opaque: opaque)
                    x = end
                } else if r.holeInner.contains(x) {
                    x = r.holeInner.upperBound
                } else {
                    let cov = coverage.edge(x, r)
                    if cov > 0 { row[x] = SpanPixel.over(row[x], color, mask: UInt64(cov)) }
                    x += 1
                }
            }
        }
    }

    @inline(__always) private func fill(_ p: UnsafeMutablePointer<UInt32>, count: Int, _ lanes: SpanPixel.Lanes,
                                        opaque: Bool) {
        if opaque {
            p.update(repeating: color, count: count)
        } else {
            let s = SpanVector.Pixels(repeating: color), whole = count & ~3
            var i = 0
            while i < whole {
                let r = UnsafeMutableRawPointer(p + i)
                r.storeBytes(of: SpanVector.over(r.loadUnaligned(as: SpanVector.Pixels.self), s), as: SpanVector.Pixels.self)
                i += 4
            }
            for i in whole..<count { p[i] = SpanPixel.over(p[i], lanes) }
        }
    }
}

private struct OverRows: SpanCoverageVisitor {
    let fill: SpanFill, target: RasterTarget

    func visit<C: SpanRowShape, H: SpanRowShape>(_ coverage: SpanFill.Coverage<C, H>) { fill.drawRows(coverage, into: target) }
}
