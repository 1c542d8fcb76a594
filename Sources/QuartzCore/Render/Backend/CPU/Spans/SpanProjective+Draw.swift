/// The perspective span loop: per row, edge pixels get the affine quads' analytic coverage
/// (`SpanEdges`) and sample at their exact texel position (U/W, V/W in Double); the interior
/// run is cut into pieces of up to `piece` pixels whose ends are exact and whose middles step
/// linearly in 16.16 (as the affine runs, through the same loops: `SpanQuad.run`,
/// `runVector`, `runBilinear`). A piece is as long as the error bound allows: along a row
/// u(x) = U/W has u'' = −2K·wa/W³ with K = ua·W − wa·U constant, so linear steps over n
/// pixels stray at most n²·|K·wa| / (4·W³min) texels, kept under `tolerance` (a 256th of a
/// texel: under one step of the 7-bit bilinear weights). Where that leaves pieces shorter than
/// `shortest` (a strong swing), pixels take their exact positions one by one instead. Where the
/// CPU has AVX2, bilinear runs skip the pieces: every pixel at its exact position, eight at a
/// time (`SpanProjective+Wide`).
extension SpanProjective {
    static let piece = 16
    static let tolerance = 1.0 / 256
    /// Where the bound allows pieces shorter than this, pixels take their exact positions
    /// instead: one division a pixel costs less than a piece's set-up (two divisions, the
    /// bound's search, the bounds checks) spread over one to three pixels.
    static let shortest = 4
    /// Texel coordinates are clamped to ±2^24 (far outside any texture) before fixed point.
    static let far = Double(1 << 24)

    func draw(into target: RasterTarget) {
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        switch (bilinear, opacity8 == 255) {
        case (true, true): drawRows(into: target, BilinearEdge.self, BilinearDirect.self, Opaque.self)
        case (true, false): drawRows(into: target, BilinearEdge.self, BilinearDirect.self, Faded.self)
        case (false, true): drawRows(into: target, NearestEdge.self, NearestDirect.self, Opaque.self)
        case (false, false): drawRows(into: target, NearestEdge.self, NearestDirect.self, Faded.self)
        }
    }

    /// Row y's texel map: U, V, W at x are `u0 + ua·x`… with x a pixel centre.
    struct Line {
        let ua, va, wa, u0, v0, w0: Double
        /// |K·wa| / 4 of the error bound, the larger of u's and v's.
        let bend: Double

        init(_ p: SpanProjective, yc: Double) {
            ua = p.ua; va = p.va; wa = p.wa
            u0 = p.uc * yc + p.ut; v0 = p.vc * yc + p.vt; w0 = p.wc * yc + p.wt
            bend = max(abs(ua * w0 - wa * u0), abs(va * w0 - wa * v0)) * abs(wa) / 4
        }

        @inline(__always) func w(_ x: Int) -> Double { wa * (Double(x) + 0.5) + w0 }

        /// The texel position of column x's centre in Double, clamped to ±`far` (a centre on
        /// or beyond the horizon, only ever an edge pixel's outside the quad, reads as far).
        @inline(__always) func texel(_ x: Int) -> (Double, Double) {
            let xc = Double(x) + 0.5, w = wa * xc + w0
            guard w > 0 else { return (far, far) }
            let r = 1 / w
            return (min(max((ua * xc + u0) * r, -far), far), min(max((va * xc + v0) * r, -far), far))
        }

        /// The longest piece from x (at most `count` pixels) whose linear steps stay within
        /// `tolerance`: a power of two up to `piece`, or the rest of the run if shorter.
        @inline(__always) func length(from x: Int, count: Int) -> Int {
            var n = min(piece, count)
            let wx = w(x)
            while n > 1 {
                let wmin = min(wx, w(x + n))
                if wmin > 0, Double(n * n) * bend <= tolerance * wmin * wmin * wmin { return n }
                n = n > piece / 2 ? piece / 2 : n / 2
            }
            return 1
        }
    }

    private func drawRows<E: SpanFetch, D: SpanFetch, B: SpanBlend>(into target: RasterTarget, _: E.Type, _: D.Type,
                                                                    _: B.Type) {
        let texels = TexelSource(self), edges = SpanEdges(outline)
        var next = outline.columns(row: region.y)
        for y in region.y..<(region.y + region.height) {
            let (candidates, inner) = next
            if y + 1 < region.y + region.height {
                next = outline.columns(row: y + 1)
                SpanQuad.prefetch(target.base + (y + 1) * target.stride, next.candidates)
            }
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let line = Line(self, yc: Double(y) + 0.5)
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            let x0 = candidates.lowerBound, d0 = SpanEdges.start(outline, x: x0, y: y)
            for x in candidates.lowerBound..<leftEnd {
                edgePixel(row + x, x, y, d0 &+ edges.step &* Int64(x - x0), edges, line, texels, E.self)
            }
            for x in rightStart..<candidates.upperBound {
                edgePixel(row + x, x, y, d0 &+ edges.step &* Int64(x - x0), edges, line, texels, E.self)
            }
            guard !inner.isEmpty else { continue }
            drawRun(row, inner, line, texels, E.self, D.self, B.self)
        }
    }

    @inline(__always) private func edgePixel<E: SpanFetch>(_ p: UnsafeMutablePointer<UInt32>, _ x: Int, _ y: Int,
                                                           _ d: SIMD4<Int64>, _ edges: SpanEdges, _ line: Line,
                                                           _ texels: TexelSource, _: E.Type) {
        let cov = edges.coverage8(d, outline, x: x, y: y)
        guard cov > 0 else { return }
        let (u, v) = line.texel(x)
        let m = SpanPixel.mul8(cov, opacity8)
        p.pointee = SpanPixel.over(p.pointee, E.fetch(texels, SpanQuad.fixed(u), SpanQuad.fixed(v)), mask: UInt64(m))
    }

    /// Pixels `range` of the row at `row` at their exact texel positions (one division each),
    /// read by the edge pixels' fetch (any position, clamped or transparent outside).
    @inline(__always) static func exact<E: SpanFetch, B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>,
                                                                   _ line: Line, _ texels: TexelSource, _ m: UInt64,
                                                                   _: E.Type, _: B.Type) {
        for x in range {
            let (u, v) = line.texel(x)
            row[x] = B.blend(row[x], E.fetch(texels, SpanQuad.fixed(u), SpanQuad.fixed(v)), m)
        }
    }

    /// Whether every position of a piece, on the segment from (s.u, s.v) to its end (u1, v1),
    /// reads only texels inside the bounds, by either filter: both ends at least a texel in
    /// from the low bounds and at most at the high ones, less the steps' rounding. A
    /// conservative `TexelSource.inside` without its four divisions (most pieces pass).
    @inline(__always) static func within(_ s: SpanQuad.Step, _ u1: Int64, _ v1: Int64, _ t: TexelSource) -> Bool {
        let margin: Int64 = 64
        let loU = (t.lo.x + 1) << 16 + margin, hiU = t.hi.x << 16 - margin
        let loV = (t.lo.y + 1) << 16 + margin, hiV = t.hi.y << 16 - margin
        return min(s.u, u1) >= loU && max(s.u, u1) <= hiU && min(s.v, v1) >= loV && max(s.v, v1) <= hiV
    }

    /// Columns `run` of the row at `row`, every pixel wholly inside the quad: bilinear with
    /// AVX2 at exact positions (`drawWide`), otherwise piece by piece, each piece's texel
    /// reads split at the texture's bounds as the affine runs are.
    func drawRun<E: SpanFetch, D: SpanFetch, B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ run: Range<Int>,
                                                           _ line: Line, _ texels: TexelSource,
                                                           _: E.Type, _: D.Type, _: B.Type,
                                                           wide: Bool = SpanQuad.wideAvailable) {
        let m = UInt64(opacity8)
        if wide, D.self == BilinearDirect.self { return Self.drawWide(row, run, line, texels, m, B.self) }
        var x = run.lowerBound
        var (u0, v0) = line.texel(x)
        while x < run.upperBound {
            let n = line.length(from: x, count: run.upperBound - x)
            if n < Self.shortest, run.upperBound - x > n {
                // Strong perspective: exact positions for the next `piece` pixels.
                let stop = min(x + Self.piece, run.upperBound)
                Self.exact(row, x..<stop, line, texels, m, E.self, B.self)
                x = stop
                if x < run.upperBound { (u0, v0) = line.texel(x) }
                continue
            }
            let (u1, v1) = line.texel(x + n)
            let k = 1 / Double(n)
            let s = SpanQuad.Step(u: SpanQuad.fixed(u0), v: SpanQuad.fixed(v0), su: SpanQuad.fixed((u1 - u0) * k),
                                  sv: SpanQuad.fixed((v1 - v0) * k), t: texels, m: m)
            let p = row + x
            let fast = Self.within(s, SpanQuad.fixed(u1), SpanQuad.fixed(v1), texels)
                ? 0..<n : texels.inside(u: s.u, v: s.v, su: s.su, sv: s.sv, count: n)
            if fast.isEmpty {
                SpanQuad.run(p, 0..<n, s, E.self, B.self)
            } else {
                SpanQuad.run(p, 0..<fast.lowerBound, s, E.self, B.self)
                if D.self == BilinearDirect.self {
                    SpanQuad.runBilinear(p, fast, s, B.self)
                } else {
                    SpanQuad.runVector(p, fast, s, D.self, B.self)
                }
                SpanQuad.run(p, fast.upperBound..<n, s, E.self, B.self)
            }
            (u0, v0) = (u1, v1)
            x += n
        }
    }
}
