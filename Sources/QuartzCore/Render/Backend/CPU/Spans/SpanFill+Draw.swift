/// The solid span loop: per row, the runs wholly inside the quad (and outside the ring's hole)
/// are filled, stored directly when the colour is opaque; the other candidate pixels get the
/// outline's coverage less the hole's and are composited like cairo's masked OVER.
extension SpanFill {
    func draw(into target: RasterTarget) {
        let region = outline.region
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, color != 0 else { return }
        let lanes = SpanPixel.spread(color), opaque = color >> 24 == 255
        for y in region.y..<(region.y + region.height) {
            let (candidates, inner) = outline.columns(row: y)
            guard !candidates.isEmpty else { continue }
            let (holeCandidates, holeInner) = hole?.columns(row: y) ?? (0..<0, 0..<0)
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            var x = candidates.lowerBound
            while x < candidates.upperBound {
                if inner.contains(x), !holeCandidates.contains(x) {
                    let end = holeCandidates.isEmpty || holeCandidates.lowerBound <= x
                        ? inner.upperBound : min(inner.upperBound, holeCandidates.lowerBound)
                    fill(row + x, count: end - x, lanes, opaque: opaque)
                    x = end
                } else if holeInner.contains(x) {
                    x = holeInner.upperBound
                } else {
                    var cov = outline.coverage(x: x, y: y)
                    if let hole, cov > 0 { cov -= hole.coverage(x: x, y: y) }
                    if cov > 0 { row[x] = SpanPixel.over(row[x], color, mask: UInt64(cov * 255 + 0.5)) }
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
            for i in 0..<count { p[i] = SpanPixel.over(p[i], lanes) }
        }
    }
}
