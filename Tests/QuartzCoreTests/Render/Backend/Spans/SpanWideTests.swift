import Testing
import CoreGraphics
import CQuartzPixman
@testable import QuartzCore

/// The eight-pixel AVX2 loop (`span_wide.h`, `span_affine.h`, `SpanQuad.runBilinear`) against
/// the four-pixel Swift loop it stands in for: the same bytes, on random inside runs of random
/// textures, opaque and faded, over random translucent backgrounds, through both ways of
/// addressing texels (32-bit vector offsets and the 64-bit lane-by-lane fallback).
@Suite("Span rasteriser wide loop")
struct SpanWideTests {
    @Test(.enabled(if: SpanQuad.wideAvailable, "the CPU has no AVX2"))
    func wideRunsMatchTheFourPixelLoopExactly() throws {
        var rng = SplitMix(seed: 0x0017_0A58)
        var pixels = 0
        for _ in 0..<600 {
            let (w, h) = (rng.int(2...48), rng.int(2...48))
            var words: [UInt32] = []
            for _ in 0..<(w * h) {
                let a = UInt32(rng.int(0...255))
                words.append(a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) })
            }
            let t = try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: w, height: h, bytesPerRow: w * 4) })
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: w, height: h),
                                 material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: w, height: h),
                                                    filter: .linear, edge: .clamp),
                                 transform: .identity, opacity: 1, clip: nil)
            let texels = TexelSource(try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 64, height: 64))))
            let angle = rng.double(-.pi ... .pi), scale = rng.double(0.2...3)
            let su = Int64(cos(angle) * scale * 65536), sv = Int64(sin(angle) * scale * 65536)
            let u = Int64(rng.double(0.5...Double(w) - 0.5) * 65536), v = Int64(rng.double(0.5...Double(h) - 0.5) * 65536)
            let n = rng.int(1...90), m = rng.int(0...2) == 0 ? 255 : UInt64(rng.int(0...255))
            let inside = texels.inside(u: u, v: v, su: su, sv: sv, count: n)
            let step = SpanQuad.Step(u: u, v: v, su: su, sv: sv, t: texels, m: m)
            let background = (0..<n).map { _ -> UInt32 in
                let a = UInt32(rng.int(0...255))
                return a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) }
            }
            var wide = background, narrow = background, lanes64 = background
            for wideLoop in [true, false] {
                func run(_ p: UnsafeMutablePointer<UInt32>) {
                    if m == 255 { SpanQuad.runBilinear(p, inside, step, Opaque.self, wide: wideLoop) }
                    else { SpanQuad.runBilinear(p, inside, step, Faded.self, wide: wideLoop) }
                }
                if wideLoop { wide.withUnsafeMutableBufferPointer { run($0.baseAddress!) } }
                else { narrow.withUnsafeMutableBufferPointer { run($0.baseAddress!) } }
            }
            if !inside.isEmpty {
                let (first, count) = (Int64(inside.lowerBound), inside.count)
                #expect(cpu_span_run_fits32(count, u &+ first &* su, v &+ first &* sv, su, sv, texels.stride) != 0)
                lanes64.withUnsafeMutableBufferPointer { p in
                    cpu_span_bilinear_over_run64(p.baseAddress! + inside.lowerBound, count, u &+ first &* su,
                                                 v &+ first &* sv, su, sv, texels.base.assumingMemoryBound(to: UInt8.self),
                                                 texels.stride, UInt32(m))
                }
            }
            #expect(wide == narrow)
            #expect(lanes64 == narrow)
            pixels += inside.count & ~7
        }
        #expect(pixels > 2_000)
    }

    /// Every run length from 1 to 24 (every tail of masked lanes after 0, 1 and 2 whole
    /// iterations), opaque, faded and at mask 0, on a texture with padded rows: the same bytes
    /// as the four-pixel loop, and no pixel past the run written.
    @Test(.enabled(if: SpanQuad.wideAvailable, "the CPU has no AVX2"))
    func everyTailLengthMatchesAndStopsAtTheRunsEnd() throws {
        var rng = SplitMix(seed: 0x0017_7A11)
        let (w, h, pad) = (40, 40, 3)
        var words: [UInt32] = []
        for _ in 0..<((w + pad) * h) {
            let a = UInt32(rng.int(0...255))
            words.append(a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) })
        }
        let t = try #require(words.withUnsafeBytes {
            TextureResource(bytes: $0, width: w, height: h, bytesPerRow: (w + pad) * 4)
        })
        let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: w, height: h),
                             material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: w, height: h),
                                                filter: .linear, edge: .clamp),
                             transform: .identity, opacity: 1, clip: nil)
        let texels = TexelSource(try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 64, height: 64))))
        for n in 1...24 {
            for m: UInt64 in [255, 200, 0] {
                // A diagonal, so that every lane reads its own row and column.
                let su: Int64 = 0x1_3A00, sv: Int64 = 0x0_E100, u: Int64 = 0x1_8000 + Int64(n) * 0x300, v: Int64 = 0x2_4000
                let step = SpanQuad.Step(u: u, v: v, su: su, sv: sv, t: texels, m: m)
                #expect(texels.inside(u: u, v: v, su: su, sv: sv, count: n) == 0..<n)
                let background = (0..<32).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
                var wide = background, narrow = background
                wide.withUnsafeMutableBufferPointer { p in
                    if m == 255 { SpanQuad.runBilinear(p.baseAddress!, 0..<n, step, Opaque.self, wide: true) }
                    else { SpanQuad.runBilinear(p.baseAddress!, 0..<n, step, Faded.self, wide: true) }
                }
                narrow.withUnsafeMutableBufferPointer { p in
                    if m == 255 { SpanQuad.runBilinear(p.baseAddress!, 0..<n, step, Opaque.self, wide: false) }
                    else { SpanQuad.runBilinear(p.baseAddress!, 0..<n, step, Faded.self, wide: false) }
                }
                #expect(wide == narrow, "n \(n), mask \(m)")
                #expect(wide[n...] == background[n...], "n \(n), mask \(m): past the run")
            }
        }
    }

    /// The 32-bit check: offsets of the last read (row y + 1, texels x and x + 1) up to 2^31 − 1
    /// pass, one byte more does not; negative or overflowing positions and steps, empty runs
    /// and bad strides fall back to 64-bit addresses.
    @Test func thirtyTwoBitCheckBounds() {
        let stride = 1 << 20
        // (y + 1)·stride + 4x + 8 ≤ 2^31 − 1 with y = 2046: 4x ≤ 2^20 − 9.
        let x = Int64((1 << 20 - 9) / 4)
        #expect(cpu_span_texels_fit32(x, 2046, stride) != 0)
        #expect(cpu_span_texels_fit32(x + 1, 2046, stride) == 0)
        #expect(cpu_span_texels_fit32(0, 2047, stride) == 0)
        #expect(cpu_span_texels_fit32(16383, 16383, 16384 * 4) != 0)
        #expect(cpu_span_texels_fit32(-1, 0, 64) == 0)
        #expect(cpu_span_texels_fit32(0, -1, 64) == 0)
        #expect(cpu_span_texels_fit32(0, 0, 0) == 0)
        #expect(cpu_span_texels_fit32(0, 0, -64) == 0)
        #expect(cpu_span_texels_fit32(0, 0, Int(Int32.max) + 1) == 0)
        #expect(cpu_span_texels_fit32(0, .max, 64) == 0)

        // A run of 64 texels along a diagonal of a 64×64 texture, positions at texel centres.
        let half: Int64 = 0x8000
        #expect(cpu_span_run_fits32(63, half, half, 1 << 16, 1 << 16, 256) != 0)
        #expect(cpu_span_run_fits32(0, half, half, 1 << 16, 1 << 16, 256) == 0)
        // Backwards runs are bounded by their first pixel.
        #expect(cpu_span_run_fits32(63, 62 << 16 + half, half, -(1 << 16), 0, 256) != 0)
        #expect(cpu_span_run_fits32(64, 62 << 16 + half, half, -(1 << 16), 0, 256) == 0)
        #expect(cpu_span_run_fits32(1, half - 1, half, 0, 0, 256) == 0)
        #expect(cpu_span_run_fits32(1, half, half - 1, 0, 0, 256) == 0)
        // Positions less half a texel up to 2^31 − 1.
        #expect(cpu_span_run_fits32(1, Int64(Int32.max) + half, half, 0, 0, 256) != 0)
        #expect(cpu_span_run_fits32(1, Int64(Int32.max) + half + 1, half, 0, 0, 256) == 0)
        #expect(cpu_span_run_fits32(4, half, half, .max / 2, 0, 256) == 0)
        #expect(cpu_span_run_fits32(2, .min, half, 0, 0, 256) == 0)
        #expect(cpu_span_run_fits32(2, .max, half, 1, 0, 256) == 0)
        // Positions fit but offsets do not: row 2^15 − 1 of rows 2^16 bytes apart.
        #expect(cpu_span_run_fits32(1, half, Int64(1 << 15 - 1) << 16 + half, 0, 0, 1 << 16) == 0)
        #expect(cpu_span_run_fits32(1, half, Int64(1 << 14) << 16 + half, 0, 0, 1 << 16) != 0)
    }
}
