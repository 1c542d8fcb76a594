/// The solid span loop: per row, the runs wholly inside the quad (and outside the ring's hole,
/// clear of round corners) are filled, stored directly when the colour is opaque; the other
/// candidate pixels get the outline's coverage less the hole's (fixed point, `SpanEdges`,
/// stepped along the row; sampled near a corner's curve, `SpanCorners`) and are composited
/// like cairo's masked OVER.
extension SpanFill {
    func draw(into target: RasterTarget) {
        let region = outline.region
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, color != 0 else { return }
        let lanes = SpanPixel.spread(color), opaque = color >> 24 == 255
        let edges = SpanEdges(outline), holeEdges = hole.map(SpanEdges.init)
        for y in region.y..<(region.y + region.height) {
            let (candidates, straightInner) = outline.columns(row: y)
            guard !candidates.isEmpty else { continue }
            let inner = corners?.interior(row: y, straightInner) ?? straightInner
            let (holeCandidates, straightHoleInner) = hole?.columns(row: y) ?? (0..<0, 0..<0)
            let holeInner = holeCorners?.interior(row: y, straightHoleInner) ?? straightHoleInner
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let x0 = candidates.lowerBound, d0 = SpanEdges.start(outline, x: x0, y: y)
            let h0 = hole.map { SpanEdges.start($0, x: x0, y: y) } ?? .zero
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
                    let k = Int64(x - x0)
                    var cov = edges.coverage8(d0 &+ edges.step &* k, outline, x: x, y: y)
                    if cov > 0, let corners { cov = corners.coverage8(cov, x: x, y: y) }
                    if let hole, let holeEdges, cov > 0 {
                        var h = holeEdges.coverage8(h0 &+ holeEdges.step &* k, hole, x: x, y: y)
                        if h > 0, let holeCorners { h = holeCorners.coverage8(h, x: x, y: y) }
                        cov -= min(cov, h)
                    }
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
