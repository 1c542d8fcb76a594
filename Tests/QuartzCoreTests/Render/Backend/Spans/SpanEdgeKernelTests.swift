import Testing
import CoreGraphics
import CPixman
@testable import QuartzCore

/// The C edge loop (`span_edge.h`, `SpanEdgeKernel`) against the Swift edge pixels it stands
/// in for: the same bytes on random quads over random backgrounds, and its texel reads against
/// `TexelSource.sample` at positions all around the texture's borders.
@Suite("Span rasteriser edge loop")
struct SpanEdgeKernelTests {
    static let size = 48

    /// The quad drawn over `background` by the C edge loop, and by the Swift one.
    func drawBoth(_ q: ResolvedQuad, over background: [UInt32]) throws -> (c: [UInt32], swift: [UInt32]) {
        func draw(swiftEdges: Bool) throws -> [UInt32] {
            let n = Self.size
            let buffer = try #require(TextureResource(zeroedWidth: n, height: n))
            background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            let target = RasterTarget(buffer)
            try #require(SpanQuad(q, drawable: target.drawable)).draw(into: target, swiftEdges: swiftEdges)
            return (0..<(n * n)).map { buffer.word(x: $0 % n, y: $0 / n) }
        }
        return (try draw(swiftEdges: false), try draw(swiftEdges: true))
    }

    func background(_ rng: inout SplitMix) -> [UInt32] {
        (0..<(Self.size * Self.size)).map { _ in Self.premultiplied(&rng, opaque: rng.int(0...1) == 0) }
    }

    static func premultiplied(_ rng: inout SplitMix, opaque: Bool = false) -> UInt32 {
        let a = opaque ? 255 : UInt32(rng.int(0...255))
        return a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) }
    }

    /// A texture of `w × h` whose texels are transparent (all zero) with probability `clear`.
    static func texture(_ w: Int, _ h: Int, clear: Int, _ rng: inout SplitMix) throws -> TextureResource {
        let words = (0..<(w * h)).map { _ in rng.int(0...99) < clear ? 0 : premultiplied(&rng) }
        return try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: w, height: h, bytesPerRow: w * 4) })
    }

    @Test func randomQuadsDrawTheSwiftEdgeBytes() throws {
        var rng = SplitMix(seed: 0x0017_ED6E)
        let quads = SpanRasterizerTests()
        for _ in 0..<400 {
            let q = try quads.randomQuad(&rng)
            let (c, swift) = try drawBoth(q, over: background(&rng))
            #expect(c == swift)
        }
    }

    /// Sprite-like quads: larger textures with transparent texels (skipped without drawing),
    /// rotated and scaled, faded, some with hard edges, so that edge pixels read directly
    /// inside the texture, clamped or transparent across its border, and cross two edges.
    @Test func spriteQuadsDrawTheSwiftEdgeBytes() throws {
        var rng = SplitMix(seed: 0x0017_5E7E)
        for _ in 0..<300 {
            let (w, h) = (rng.int(1...24), rng.int(1...24))
            let t = try Self.texture(w, h, clear: rng.int(0...60), &rng)
            let source = rng.int(0...2) == 0 ? CGRect(x: 0, y: 0, width: w, height: h)
                : CGRect(x: rng.double(-1...Double(w) / 2), y: rng.double(-1...Double(h) / 2),
                         width: rng.double(0.5...Double(w)), height: rng.double(0.5...Double(h)))
            let m = CGAffineTransform(rotationAngle: rng.int(0...4) == 0 ? Double(rng.int(0...3)) * .pi / 2 : rng.double(-.pi ... .pi))
                .scaledBy(x: rng.double(0.3...3), y: rng.double(0.3...3))
                .concatenating(CGAffineTransform(translationX: rng.double(-4...44), y: rng.double(-4...44)))
            let q = ResolvedQuad(rect: CGRect(x: rng.double(-8...0), y: rng.double(-8...0), width: rng.double(0.2...30),
                                              height: rng.double(0.2...30)),
                                 material: .texture(t, sourceRect: source, filter: rng.int(0...3) == 0 ? .nearest : .linear,
                                                    edge: rng.int(0...1) == 0 ? .clamp : .transparent),
                                 transform: ProjectiveTransform(m), opacity: rng.int(0...2) == 0 ? 1 : rng.double(0.002...1),
                                 clip: nil, aliasedEdges: QuadEdges(rawValue: UInt8(rng.int(0...2) == 0 ? rng.int(0...15) : 0)))
            guard SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: Self.size, height: Self.size)) != nil else { continue }
            let (c, swift) = try drawBoth(q, over: background(&rng))
            #expect(c == swift)
        }
    }

    /// The loop's texel reads at 16.16 positions in and around the bounds (1 × 1 textures,
    /// sub-rectangle bounds): the same colour as `TexelSource.sample`, whether the footprint
    /// lies inside (direct reads) or across the border (clamped, or zeroed when transparent).
    @Test func samplesMatchTheTexelSourceAcrossTheBorders() throws {
        var rng = SplitMix(seed: 0x0017_B0DE)
        var direct = 0, across = 0, transparent = 0
        for _ in 0..<300 {
            let (w, h) = (rng.int(1...10), rng.int(1...10))
            let t = try Self.texture(w, h, clear: rng.int(0...50), &rng)
            let source = rng.int(0...1) == 0 ? CGRect(x: 0, y: 0, width: w, height: h)
                : CGRect(x: rng.double(0...Double(w) / 2), y: rng.double(0...Double(h) / 2),
                         width: rng.double(0.5...Double(w) / 2 + 0.5), height: rng.double(0.5...Double(h) / 2 + 0.5))
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: w, height: h),
                                 material: .texture(t, sourceRect: source, filter: rng.int(0...1) == 0 ? .nearest : .linear,
                                                    edge: rng.int(0...1) == 0 ? .clamp : .transparent),
                                 transform: .identity, opacity: 1, clip: nil)
            let span = try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 16, height: 16)))
            let texels = TexelSource(span)
            var kernel = SpanEdgeKernel(SpanEdges(span.outline), texels, opacity8: 255)
            for _ in 0..<200 {
                let u = Int64(rng.double(-3...Double(w) + 3) * 65536), v = Int64(rng.double(-3...Double(h) + 3) * 65536)
                let s = cpu_edge_sample(&kernel.quad, texels.bilinear ? 1 : 0, texels.clamp ? 1 : 0, u, v)
                #expect(s == texels.sample(u, v))
                if s == 0 { transparent += 1 }
                let x = (u - 0x8000) >> 16, y = (v - 0x8000) >> 16
                if texels.bilinear, x >= texels.lo.x, x < texels.hi.x, y >= texels.lo.y, y < texels.hi.y { direct += 1 } else { across += 1 }
            }
        }
        #expect(direct > 1_000)
        #expect(across > 2_000)
        #expect(transparent > 500)
    }
}
