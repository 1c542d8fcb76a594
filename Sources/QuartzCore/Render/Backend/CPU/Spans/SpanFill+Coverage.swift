/// The coverage rule of a solid fill, shared by the OVER loop (`SpanFill+Draw`) and the blend
/// loops (`SpanBlend+Fill`): per row, the runs wholly inside the outline (clear of its round
/// corners' squares) and wholly inside the ring's hole, and for every other candidate pixel the
/// outline's coverage less the hole's, each with its corners (`SpanCorners`).
/// The round corners' types are generic parameters (`SpanRowShape`: `SpanCorners`, or
/// `StraightSides` for none), unwrapped once a quad by `withCoverage`: bound from the optional
/// per pixel, the corners (arrays inside) were copied and retained each time.
extension SpanFill {
    struct Coverage<Corners: SpanRowShape, HoleCorners: SpanRowShape> {
        let outline: SpanOutline, corners: Corners
        let edges: SpanEdges
        /// The ring's hole; `hole` and `holeEdges` are meaningless without one.
        let hasHole: Bool
        let hole: SpanOutline, holeCorners: HoleCorners
        let holeEdges: SpanEdges
        /// The rows' columns of the outline and of the hole (`SpanColumns`).
        let columns: SpanColumns, holeColumns: SpanColumns

        init(_ fill: SpanFill, _ corners: Corners, _ holeCorners: HoleCorners, _ columns: SpanColumns,
             _ holeColumns: SpanColumns) {
            outline = fill.outline
            self.corners = corners
            edges = SpanEdges(fill.outline)
            hasHole = fill.hole != nil
            hole = fill.hole ?? fill.outline
            self.holeCorners = holeCorners
            holeEdges = SpanEdges(hole)
            self.columns = columns; self.holeColumns = holeColumns
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
            let (candidates, straightInner) = columns.row(y)
            let inner = corners.interior(row: y, straightInner)
            let (holeCandidates, straightHoleInner) = hasHole ? holeColumns.row(y) : (0..<0, 0..<0)
            let holeInner = holeCorners.interior(row: y, straightHoleInner)
            let x0 = candidates.lowerBound
            let d0 = candidates.isEmpty ? .zero : SpanEdges.start(outline, x: x0, y: y)
            let h0 = candidates.isEmpty || !hasHole ? .zero : SpanEdges.start(hole, x: x0, y: y)
            return Row(y: y, candidates: candidates, inner: inner, holeCandidates: holeCandidates,
                       holeInner: holeInner, x0: x0, d0: d0, h0: h0)
        }

        /// Coverage (0…255) of candidate pixel x of `row`: the outline's, cut by its corners,
        /// less the hole's, cut by the hole's corners.
        @inline(__always) func edge(_ x: Int, _ row: Row) -> UInt32 {
            let k = Int64(x - row.x0), y = row.y
            var cov = edges.coverage8(row.d0 &+ edges.step &* k, outline, x: x, y: y)
            if cov > 0, !Corners.isStraight { cov = corners.coverage8(cov, x: x, y: y) }
            if cov > 0, hasHole {
                var h = holeEdges.coverage8(row.h0 &+ holeEdges.step &* k, hole, x: x, y: y)
                if h > 0, !HoleCorners.isStraight { h = holeCorners.coverage8(h, x: x, y: y) }
                cov -= min(cov, h)
            }
            return cov
        }
    }

    /// Calls `visitor` with this fill's coverage, its corners' types resolved.
    func withCoverage<V: SpanCoverageVisitor>(_ visitor: V) {
        SpanColumns.with(outline) { columns in
            SpanColumns.with(hole ?? outline) { holeColumns in
                switch (corners, holeCorners) {
                case let (c?, h?): visitor.visit(Coverage(self, c, h, columns, holeColumns))
                case let (c?, nil): visitor.visit(Coverage(self, c, StraightSides(), columns, holeColumns))
                case let (nil, h?): visitor.visit(Coverage(self, StraightSides(), h, columns, holeColumns))
                case (nil, nil): visitor.visit(Coverage(self, StraightSides(), StraightSides(), columns, holeColumns))
                }
            }
        }
    }
}

/// A fill loop, generic over the coverage's corner types (`SpanFill.withCoverage`).
protocol SpanCoverageVisitor {
    func visit<C: SpanRowShape, H: SpanRowShape>(_ coverage: SpanFill.Coverage<C, H>)
}
