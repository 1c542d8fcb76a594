import Testing
import CoreGraphics
@testable import QuartzCore

/// The eight-pixel AVX2 loop (`span_wide.h`, `SpanQuad.runBilinear`) against the four-pixel
/// Swift loop it stands in for: the same bytes, on random inside runs of random textures,
/// opaque and faded, over random translucent backgrounds.
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
            var wide = background, narrow = background
            for wideLoop in [true, false] {
                func run(_ p: UnsafeMutablePointer<UInt32>) {
                    if m == 255 { SpanQuad.runBilinear(p, inside, step, Opaque.self, wide: wideLoop) }
                    else { SpanQuad.runBilinear(p, inside, step, Faded.self, wide: wideLoop) }
                }
                if wideLoop { wide.withUnsafeMutableBufferPointer { run($0.baseAddress!) } }
                else { narrow.withUnsafeMutableBufferPointer { run($0.baseAddress!) } }
            }
            #expect(wide == narrow)
            pixels += inside.count & ~7
        }
        #expect(pixels > 2_000)
    }
}
