import CQuartzPixman

/// The interior runs: every pixel wholly inside the quad, so no coverage. A run is split
/// where its texel reads leave the texture's bounds (`TexelSource.inside`): the middle part
/// reads texels directly, four pixels per vector (`runVector`), and only the ends pay the
/// clamp or transparent-edge rule, a pixel at a time. Each variant (filter × edge rule ×
/// opacity) is its own loop, specialised through the generic parameters of `run` and
/// `runVector` (constant flags alone were not specialised by the optimiser). Bilinear middles
/// go eight pixels at a time through the AVX2 loop where the CPU has it (`runBilinear`), its
/// last few with masked stores.
extension SpanQuad {
    func drawRun(_ row: UnsafeMutablePointer<UInt32>, count: Int, u: Int64, v: Int64, su: Int64, sv: Int64,
                 _ texels: TexelSource) {
        let fast = texels.inside(u: u, v: v, su: su, sv: sv, count: count)
        let head = 0..<(fast.isEmpty ? count : fast.lowerBound), tail = fast.upperBound..<(fast.isEmpty ? 0 : count)
        let m = UInt64(opacity8)
        let p = Step(u: u, v: v, su: su, sv: sv, t: texels, m: m)
        switch (texels.bilinear, opacity8 == 255) {
        case (true, true):
            Self.run(row, head, p, BilinearEdge.self, Opaque.self)
            Self.runBilinear(row, fast, p, Opaque.self)
            Self.run(row, tail, p, BilinearEdge.self, Opaque.self)
        case (true, false):
            Self.run(row, head, p, BilinearEdge.self, Faded.self)
            Self.runBilinear(row, fast, p, Faded.self)
            Self.run(row, tail, p, BilinearEdge.self, Faded.self)
        case (false, true):
            Self.run(row, head, p, NearestEdge.self, Opaque.self)
            Self.runVector(row, fast, p, NearestDirect.self, Opaque.self)
            Self.run(row, tail, p, NearestEdge.self, Opaque.self)
        case (false, false):
            Self.run(row, head, p, NearestEdge.self, Faded.self)
            Self.runVector(row, fast, p, NearestDirect.self, Faded.self)
            Self.run(row, tail, p, NearestEdge.self, Faded.self)
        }
    }

    /// What every pixel of a run shares: the first position, the step, the texels, the mask.
    struct Step {
        let u, v, su, sv: Int64
        let t: TexelSource
        let m: UInt64
    }

    /// Pixels `range` of the run, the i-th sampling at (u + i·su, v + i·sv).
    static func run<F: SpanFetch, B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, _ s: Step,
                                               _: F.Type, _: B.Type) {
        guard !range.isEmpty else { return }
        var u = s.u &+ Int64(range.lowerBound) &* s.su, v = s.v &+ Int64(range.lowerBound) &* s.sv
        var p = row + range.lowerBound
        let end = row + range.upperBound
        let t = s.t, su = s.su, sv = s.sv, m = s.m
        while p < end {
            p.pointee = B.blend(p.pointee, F.fetch(t, u, v), m)
            u &+= su; v &+= sv; p += 1
        }
    }
}

extension SpanQuad {
    /// Whether this CPU runs the eight-pixel loop (`span_wide.h`: AVX2, from cpuid).
    static let wideAvailable = cpu_span_has_wide() != 0

    /// Bilinear pixels `range` of the run, all reading inside the texture: eight at a time in
    /// C when `wide` (the same bytes as `runVector`, the last few with masked stores), else
    /// as `runVector`.
    @inline(__always) static func runBilinear<B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>,
                                                           _ s: Step, _: B.Type, wide: Bool = wideAvailable) {
        guard wide, !range.isEmpty else { return runVector(row, range, s, BilinearDirect.self, B.self) }
        let first = Int64(range.lowerBound)
        cpu_span_bilinear_over_wide(row + range.lowerBound, range.count, s.u &+ first &* s.su, s.v &+ first &* s.sv,
                                    s.su, s.sv, s.t.base.assumingMemoryBound(to: UInt8.self), s.t.stride,
                                    UInt32(truncatingIfNeeded: s.m))
    }

    /// Pixels `range` of the run, all reading inside the texture: four at a time, then the
    /// rest one at a time.
    static func runVector<F: SpanFetch, B: SpanBlend>(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>,
                                                     _ s: Step, _: F.Type, _: B.Type) {
        let whole = range.count & ~3
        guard whole > 0 else { return run(row, range, s, F.self, B.self) }
        let first = Int64(range.lowerBound)
        var q = TexelSource.Quad(u: s.u &+ first &* s.su, v: s.v &+ first &* s.sv, su: s.su, sv: s.sv)
        var p = row + range.lowerBound
        let end = p + whole, t = s.t
        let m = SpanVector.Lanes(repeating: UInt16(truncatingIfNeeded: s.m))
        while p < end {
            B.blend4(p, F.fetch4(t, q), m)
            q.advance(); p += 4
        }
        run(row, (range.lowerBound + whole)..<range.upperBound, s, F.self, B.self)
    }
}

/// How a run reads its texture (the specialisations of `SpanQuad.run`).
protocol SpanFetch {
    static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32
    /// Four pixels, for the direct (inside) variants; the edge variants never get here.
    static func fetch4(_ t: TexelSource, _ q: TexelSource.Quad) -> SpanVector.Pixels
}
extension SpanFetch {
    @inline(__always) static func fetch4(_ t: TexelSource, _ q: TexelSource.Quad) -> SpanVector.Pixels {
        SpanVector.Pixels(fetch(t, q.u, q.v), fetch(t, q.u &+ q.su, q.v &+ q.sv),
                          fetch(t, q.u &+ q.su &* 2, q.v &+ q.sv &* 2), fetch(t, q.u &+ q.su &* 3, q.v &+ q.sv &* 3))
    }
}
enum BilinearDirect: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.bilinearSample(u, v, inside: true) }
    @inline(__always) static func fetch4(_ t: TexelSource, _ q: TexelSource.Quad) -> SpanVector.Pixels { t.bilinear4(q) }
}
enum BilinearEdge: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.bilinearSample(u, v, inside: false) }
}
enum NearestDirect: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.nearestSample(u, v, inside: true) }
    @inline(__always) static func fetch4(_ t: TexelSource, _ q: TexelSource.Quad) -> SpanVector.Pixels { t.nearest4(q) }
}
enum NearestEdge: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.nearestSample(u, v, inside: false) }
}

/// How a run composites a sample: OVER, after the opacity mask when faded.
/// `blend4` composites four pixels in place; the opaque variant stores opaque sources without
/// reading the destination (OVER of an opaque source is the source).
protocol SpanBlend {
    static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32
    static func blend4(_ p: UnsafeMutablePointer<UInt32>, _ s: SpanVector.Pixels, _ m: SpanVector.Lanes)
}
enum Opaque: SpanBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32 { SpanPixel.over(d, SpanPixel.spread(s)) }
    @inline(__always) static func blend4(_ p: UnsafeMutablePointer<UInt32>, _ s: SpanVector.Pixels, _ m: SpanVector.Lanes) {
        let r = UnsafeMutableRawPointer(p)
        r.storeBytes(of: SpanVector.opaque(s) ? s : SpanVector.over(r.loadUnaligned(as: SpanVector.Pixels.self), s),
                     as: SpanVector.Pixels.self)
    }
}
enum Faded: SpanBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32 { SpanPixel.over(d, s, mask: m) }
    @inline(__always) static func blend4(_ p: UnsafeMutablePointer<UInt32>, _ s: SpanVector.Pixels, _ m: SpanVector.Lanes) {
        let r = UnsafeMutableRawPointer(p)
        r.storeBytes(of: SpanVector.over(r.loadUnaligned(as: SpanVector.Pixels.self), SpanVector.scale(s, m)),
                     as: SpanVector.Pixels.self)
    }
}
