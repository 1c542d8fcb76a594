import Testing
import CoreGraphics
@testable import QuartzCore

/// The span loops' shortcuts against the general per-pixel rule they replace, exactly: the
/// interior runs that read texels directly where every read is in bounds (`TexelSource.inside`,
/// `SpanQuad+Run`), and the closed-form area of a pixel cut by one edge.
@Suite("Span rasteriser fast paths")
struct SpanFastPathTests {
    /// A random premultiplied texture of `w × h`.
    func texture(_ w: Int, _ h: Int, _ rng: inout SplitMix) throws -> TextureResource {
        var words: [UInt32] = []
        for _ in 0..<(w * h) {
            let a = rng.int(0...3) == 0 ? UInt32(rng.int(0...255)) : 255
            let c = (0..<3).map { _ in UInt32(rng.int(0...Int(a))) }
            words.append(a << 24 | c[0] << 16 | c[1] << 8 | c[2])
        }
        return try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: w, height: h, bytesPerRow: w * 4) })
    }

    @Test func interiorRunsMatchTheGeneralPixelRuleExactly() throws {
        var rng = SplitMix(seed: 0x0017_FA57)
        var directPixels = 0
        for _ in 0..<400 {
            let (w, h) = (rng.int(1...40), rng.int(1...40))
            let t = try texture(w, h, &rng)
            let source = rng.int(0...1) == 0 ? CGRect(x: 0, y: 0, width: w, height: h)
                : CGRect(x: rng.double(0...Double(w) / 2), y: rng.double(0...Double(h) / 2),
                         width: rng.double(0.5...Double(w) / 2), height: rng.double(0.5...Double(h) / 2))
            let m = CGAffineTransform(rotationAngle: rng.int(0...3) == 0 ? 0 : rng.double(-.pi ... .pi))
                .scaledBy(x: rng.double(0.3...4), y: rng.double(0.3...4))
                .concatenating(CGAffineTransform(translationX: rng.double(0...60), y: rng.double(0...60)))
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: rng.double(1...50), height: rng.double(1...50)),
                                 material: .texture(t, sourceRect: source,
                                                    filter: rng.int(0...1) == 0 ? .nearest : .linear,
                                                    edge: rng.int(0...1) == 0 ? .clamp : .transparent),
                                 transform: ProjectiveTransform(m), opacity: rng.int(0...1) == 0 ? 1 : rng.double(0.05...1),
                                 clip: nil)
            let span = try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 256, height: 256)))
            let texels = TexelSource(span)
            let su = Int64((span.ua * 65536).rounded()), sv = Int64((span.va * 65536).rounded())
            // A run along a random row, longer than the quad, from a random start.
            let y = rng.int(0...80), x0 = rng.int(0...40), n = rng.int(1...120)
            let (u, v) = span.fixedTexel(x: x0, yc: Double(y) + 0.5)
            let background = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var fast = background
            fast.withUnsafeMutableBufferPointer {
                span.drawRun($0.baseAddress!, count: n, u: u, v: v, su: su, sv: sv, texels)
            }
            var general = background
            for i in 0..<n {
                let s = texels.sample(u + Int64(i) * su, v + Int64(i) * sv)
                general[i] = span.opacity8 < 255 ? SpanPixel.over(general[i], s, mask: UInt64(span.opacity8))
                    : SpanPixel.over(general[i], SpanPixel.spread(s))
            }
            #expect(fast == general)
            directPixels += texels.inside(u: u, v: v, su: su, sv: sv, count: n).count
        }
        // The direct reads were exercised, not only the clamped ends.
        #expect(directPixels > 5_000)
    }

    /// The 64-bit pixel arithmetic against the same rules written per channel.
    @Test func pixelArithmeticMatchesPerChannelRules() {
        var rng = SplitMix(seed: 3)
        func channels(_ p: UInt32) -> [UInt32] { [24, 16, 8, 0].map { (p >> $0) & 0xFF } }
        func word(_ c: [UInt32]) -> UInt32 { c[0] << 24 | c[1] << 16 | c[2] << 8 | c[3] }
        func mul(_ a: UInt32, _ b: UInt32) -> UInt32 { let t = a * b + 0x80; return (t + (t >> 8)) >> 8 }
        func premultiplied() -> UInt32 {
            let a = UInt32(rng.int(0...255))
            return word([a] + (0..<3).map { _ in UInt32(rng.int(0...Int(a))) })
        }
        for _ in 0..<20_000 {
            let t = (0..<4).map { _ in premultiplied() }
            let wx = UInt32(rng.int(0...127)), wy = UInt32(rng.int(0...127))
            let dx = wx << 1, dy = wy << 1
            let ws = [(256 - dx) * (256 - dy), dx * (256 - dy), (256 - dx) * dy, dx * dy]
            let expected = word((0..<4).map { k in (0..<4).reduce(0) { $0 + channels(t[$1])[k] * ws[$1] } >> 16 })
            #expect(SpanPixel.bilinear(t[0], t[1], t[2], t[3], UInt64(wx), UInt64(wy)) == expected)
            let d = premultiplied(), m = UInt32(rng.int(0...255))
            let s = channels(expected).map { mul($0, m) }
            let over = word((0..<4).map { min(mul(channels(d)[$0], 255 - s[0]) + s[$0], 255) })
            #expect(SpanPixel.over(d, expected, mask: UInt64(m)) == over)
        }
    }

    @Test func stepsInsideBoundsMatchBruteForce() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            let a = Int64(rng.int(-300_000...300_000)), s = Int64(rng.int(-70_000...70_000))
            let low = Int64(rng.int(-100_000...100_000)), high = low + Int64(rng.int(0...200_000))
            let n = rng.int(0...40)
            let expected = (0..<n).filter { low <= a + Int64($0) * s && a + Int64($0) * s < high }
            let got = TexelSource.steps(a, s, low, high, n)
            #expect(Array(got) == expected)
        }
    }

    @Test func oneEdgeAreaMatchesPolygonClipping() throws {
        var rng = SplitMix(seed: 11)
        var worst = 0.0
        for _ in 0..<3_000 {
            let angle = rng.int(0...4) == 0 ? Double(rng.int(0...7)) * .pi / 4 : rng.double(-.pi ... .pi)
            let m = CGAffineTransform(rotationAngle: angle)
                .concatenating(CGAffineTransform(translationX: rng.double(5...15), y: rng.double(5...15)))
            let t = try Probe.texture(width: 2, height: 2) { _, _ in (1, 2, 3) }
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: 12, height: 12),
                                 material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: 2, height: 2),
                                                    filter: .linear, edge: .clamp),
                                 transform: ProjectiveTransform(m), opacity: 1, clip: nil)
            let span = try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 32, height: 32)))
            let (x, y) = (rng.int(0...31), rng.int(0...31))
            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
            for k in 0..<4 {
                let d = span.outline.nx[k] * cx + span.outline.ny[k] * cy + span.outline.c[k]
                guard abs(d) < span.outline.half[k] else { continue }
                let closed = SpanOutline.halfPlaneArea(d, span.outline.nx[k], span.outline.ny[k])
                let clipped = span.outline.clippedArea(x: Double(x), y: Double(y), edges: 1 << k)
                worst = max(worst, abs(closed - clipped))
            }
        }
        #expect(worst < 1e-9)
    }
}
