/// The interior runs: every pixel wholly inside the quad, so no coverage. A run is split
/// where its texel reads leave the texture's bounds (`TexelSource.inside`): the middle part
/// reads texels directly and only the ends pay the clamp or transparent-edge rule. Each
/// variant (filter × edge rule × opacity) is its own loop, specialised through the generic
/// parameters of `run` (constant flags alone were not specialised by the optimiser).
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
            Self.run(row, fast, p, BilinearDirect.self, Opaque.self)
            Self.run(row, tail, p, BilinearEdge.self, Opaque.self)
        case (true, false):
            Self.run(row, head, p, BilinearEdge.self, Faded.self)
            Self.run(row, fast, p, BilinearDirect.self, Faded.self)
            Self.run(row, tail, p, BilinearEdge.self, Faded.self)
        case (false, true):
            Self.run(row, head, p, NearestEdge.self, Opaque.self)
            Self.run(row, fast, p, NearestDirect.self, Opaque.self)
            Self.run(row, tail, p, NearestEdge.self, Opaque.self)
        case (false, false):
            Self.run(row, head, p, NearestEdge.self, Faded.self)
            Self.run(row, fast, p, NearestDirect.self, Faded.self)
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

/// How a run reads its texture (the specialisations of `SpanQuad.run`).
protocol SpanFetch { static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 }
enum BilinearDirect: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.bilinearSample(u, v, inside: true) }
}
enum BilinearEdge: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.bilinearSample(u, v, inside: false) }
}
enum NearestDirect: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.nearestSample(u, v, inside: true) }
}
enum NearestEdge: SpanFetch {
    @inline(__always) static func fetch(_ t: TexelSource, _ u: Int64, _ v: Int64) -> UInt32 { t.nearestSample(u, v, inside: false) }
}

/// How a run composites a sample: OVER, after the opacity mask when faded.
protocol SpanBlend { static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32 }
enum Opaque: SpanBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32 { SpanPixel.over(d, SpanPixel.spread(s)) }
}
enum Faded: SpanBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, _ m: UInt64) -> UInt32 { SpanPixel.over(d, s, mask: m) }
}
