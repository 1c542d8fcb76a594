import CQuartzPixman

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
        // Specialised per filter (the edge pixels' reads) and per shape: the round corners are
        // unwrapped once here, as a loop-invariant parameter; read through the optional per
        // row and pixel they were copied (a 377-byte memcpy each, 10 % of the sprites' frame).
        // A C edge loop (one call per row side) measured no faster than this Swift one: an edge
        // pixel costs ~40 cycles in either (docs/BENCHMARKS.md, "edges (session 12-02)").
        let texels = TexelSource(self), edges = SpanEdges(outline)
        SpanColumns.with(outline) { columns in
            if let corners {
                if bilinear { drawRows(into: target, BilinearEdge.self, corners, texels, edges, columns) } else {
                    drawRows(into: target, NearestEdge.self, corners, texels, edges, columns)
                }
            } else {
                if bilinear { drawRows(into: target, BilinearEdge.self, StraightSides(), texels, edges, columns) } else {
                    drawRows(into: target, NearestEdge.self, StraightSides(), texels, edges, columns)
                }
            }
        }
    }

    private func drawRows<F: SpanFetch, S: SpanRowShape>(into target: RasterTarget, _: F.Type, _ shape: S,
                                                         _ texels: TexelSource, _ edges: SpanEdges, _ columns: SpanColumns) {
        let su = Self.fixed(ua), sv = Self.fixed(va)
        var next = columns.row(region.y)
        for y in region.y..<(region.y + region.height) {
            let (candidates, straightInner) = next
            let inner = shape.interior(row: y, straightInner)
            if y + 1 < region.y + region.height {
                next = columns.row(y + 1)
                Self.prefetch(target.base + (y + 1) * target.stride, next.candidates)
            }
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            // Stepped in 16.16 from the run's first pixel, as pixman does.
            let x0 = inner.isEmpty ? candidates.lowerBound : inner.lowerBound
            let (u, v) = fixedTexel(x: x0, yc: Double(y) + 0.5)
            let start = EdgeStart(row: row, x0: x0, y: y, d0: SpanEdges.start(outline, x: x0, y: y), u: u, v: v, su: su, sv: sv)
            edgePixels(candidates.lowerBound..<leftEnd, start, edges, texels, shape, F.self)
            edgePixels(rightStart..<candidates.upperBound, start, edges, texels, shape, F.self)
            guard !inner.isEmpty else { continue }
            drawRun(row + inner.lowerBound, count: inner.count, u: u, v: v, su: su, sv: sv, texels)
        }
    }

    /// What a row's edge pixels step from: the row, its reference column `x0` (the interior
    /// run's first), the edge distances and 16.16 texel position there, and the texel step.
    struct EdgeStart {
        let row: UnsafeMutablePointer<UInt32>
        let x0, y: Int
        let d0: SIMD4<Int64>
        let u, v, su, sv: Int64
    }

    /// Pixels `columns` of a row, each with its coverage over the pixel. Only small values are
    /// passed and the outline is read only for the rare pixel two edges cross
    /// (`crossedCoverage`), so nothing large is copied per pixel.
    private func edgePixels<F: SpanFetch, S: SpanRowShape>(_ columns: Range<Int>, _ s: EdgeStart, _ edges: SpanEdges,
                                                           _ texels: TexelSource, _ shape: S, _: F.Type) {
        guard !columns.isEmpty else { return }
        let opacity = opacity8
        var k = Int64(columns.lowerBound &- s.x0)
        var d = s.d0 &+ edges.step &* k
        for x in columns {
            var cov = edges.coverage8(d)
            if cov > 255 { cov = crossedCoverage(x: x, y: s.y, cut: Int(cov & 15)) }
            if cov > 0, !S.isStraight { cov = shape.coverage8(cov, x: x, y: s.y) }
            if cov > 0 {
                let p = s.row + x
                p.pointee = SpanPixel.over(p.pointee, F.fetch(texels, s.u &+ s.su &* k, s.v &+ s.sv &* k),
                                           mask: UInt64(SpanPixel.mul8(cov, opacity)))
            }
            k &+= 1; d &+= edges.step
        }
    }

    /// Coverage of pixel (x, y), which the edges in `cut` all cross (a corner of the quad).
    @inline(never) private func crossedCoverage(x: Int, y: Int, cut: Int) -> UInt32 {
        UInt32(outline.clippedArea(x: Double(x), y: Double(y), edges: cut) * 255 + 0.5)
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

/// What a quad's rows are cut by beyond its four straight edges: nothing (`StraightSides`) or
/// a rounded clip's corners (`SpanCorners`); a generic parameter of the row loop, so the
/// common straight case compiles to no test at all.
protocol SpanRowShape {
    /// True when the shape cuts nothing (`interior` and `coverage8` return their input).
    static var isStraight: Bool { get }
    /// `inner` less the columns of row `y` the shape may cut.
    func interior(row y: Int, _ inner: Range<Int>) -> Range<Int>
    /// Coverage of pixel (x, y) given `straight` by the outline alone.
    func coverage8(_ straight: UInt32, x: Int, y: Int) -> UInt32
}

struct StraightSides: SpanRowShape {
    static var isStraight: Bool { true }
    @inline(__always) func interior(row y: Int, _ inner: Range<Int>) -> Range<Int> { inner }
    @inline(__always) func coverage8(_ straight: UInt32, x: Int, y: Int) -> UInt32 { straight }
}

extension SpanCorners: SpanRowShape {
    static var isStraight: Bool { false }
}
