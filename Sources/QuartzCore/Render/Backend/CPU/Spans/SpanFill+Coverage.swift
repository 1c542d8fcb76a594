/// The coverage rule of a solid fill, shared by the OVER loop (`SpanFill+Draw`) and the blend
/// loops (`SpanBlend+Fill`): per row, the runs wholly inside the outline (clear of its round
/// corners' squares) and wholly inside the ring's hole, and for every other candidate pixel the
/// outline's coverage less the hole's, each with its corners (`SpanCorners`).
extension SpanFill {
    struct Coverage {
        let fill: SpanFill
        let edges: SpanEdges, holeEdges: SpanEdges?

        init(_ fill: SpanFill) {
            self.fill = fill
            edges = SpanEdges(fill.outline)
            holeEdges = fill.hole.map(SpanEdges.init)
        }

        /// Row y's columns and the fixed-point distances at its first candidate.
        struct Row {
            let y: Int
            /// Pixels the outline may touch; those it covers wholly, clear of corners.
            let candidates: Range<Int>, inner: Range<Int>
            /// Pixels the hole may touch; those wholly inside it (nothing drawn).
            let holeCandidates: Range<Int>, holeInner: Range<Int>
            let x0: Int, d0: SIMD4<Int64>, h0: SIMD4<Int64>

            /// Whether pixel x is wholly covered (inside the outline, untouched by the hole).
            @inline(__always) func isFull(_ x: Int) -> Bool { inner.contains(x) && !holeCandidates.contains(x) }
        }

        func row(_ y: Int) -> Row {
            let (candidates, straightInner) = fill.outline.columns(row: y)
            let inner = fill.corners?.interior(row: y, straightInner) ?? straightInner
            let (holeCandidates, straightHoleInner) = fill.hole?.columns(row: y) ?? (0..<0, 0..<0)
            let holeInner = fill.holeCorners?.interior(row: y, straightHoleInner) ?? straightHoleInner
            let x0 = candidates.lowerBound
            let d0 = candidates.isEmpty ? .zero : SpanEdges.start(fill.outline, x: x0, y: y)
            let h0 = candidates.isEmpty ? .zero : fill.hole.map { SpanEdges.start($0, x: x0, y: y) } ?? .zero
            return Row(y: y, candidates: candidates, inner: inner, holeCandidates: holeCandidates,
                       holeInner: holeInner, x0: x0, d0: d0, h0: h0)
        }

        /// Coverage (0…255) of candidate pixel x of `row`: the outline's, cut by its corners,
        /// less the hole's, cut by the hole's corners.
        @inline(__always) func edge(_ x: Int, _ row: Row) -> UInt32 {
            let k = Int64(x - row.x0), y = row.y
            var cov = edges.coverage8(row.d0 &+ edges.step &* k, fill.outline, x: x, y: y)
            if cov > 0, let corners = fill.corners { cov = corners.coverage8(cov, x: x, y: y) }
            if cov > 0, let hole = fill.hole, let holeEdges {
                var h = holeEdges.coverage8(row.h0 &+ holeEdges.step &* k, hole, x: x, y: y)
                if h > 0, let holeCorners = fill.holeCorners { h = holeCorners.coverage8(h, x: x, y: y) }
                cov -= min(cov, h)
            }
            return cov
        }
    }
}
