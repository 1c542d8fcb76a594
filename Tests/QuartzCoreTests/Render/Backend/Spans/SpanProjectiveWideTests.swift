import Testing
import CoreGraphics
@testable import QuartzCore

/// The perspective AVX2 interior (`span_projective.h`, `SpanProjective.drawWide`) against the
/// Swift pixel-by-pixel loop at exact positions it stands in for (`SpanProjective.exact`
/// through the edge rule): the same bytes, row by row, on random textures (some read through
/// a clamped sub-rectangle) under random perspectives, opaque and faded.
@Suite("Span rasteriser, perspective wide loop")
struct SpanProjectiveWideTests {
    static let size = 160

    func randomCard(_ rng: inout SplitMix) throws -> ResolvedQuad {
        let (w, h) = (rng.int(2...90), rng.int(2...90))
        var words: [UInt32] = []
        for _ in 0..<(w * h) {
            let a = rng.int(0...2) == 0 ? UInt32(rng.int(0...255)) : 255
            words.append(a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) })
        }
        let t = try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: w, height: h, bytesPerRow: w * 4) })
        let source = rng.int(0...2) == 0
            ? CGRect(x: rng.double(0...Double(w) / 3), y: rng.double(0...Double(h) / 3),
                     width: Double(w) / 2, height: Double(h) / 2)
            : CGRect(x: 0, y: 0, width: w, height: h)
        let rect = CGRect(x: 0, y: 0, width: rng.double(20...120), height: rng.double(20...120))
        let transform = SpanProjectiveTests.perspective(rect, yaw: rng.double(-1.2...1.2), pitch: rng.double(-1.2...1.2),
                                                         distance: rng.double(90...600), scale: rng.double(0.6...1.4),
                                                         tx: rng.double(60...100), ty: rng.double(60...100))
        return ResolvedQuad(rect: rect, material: .texture(t, sourceRect: source, filter: .linear,
                                                           edge: rng.int(0...1) == 0 ? .clamp : .transparent),
                            transform: transform, opacity: rng.int(0...1) == 0 ? 1 : rng.double(0.05...1), clip: nil)
    }

    @Test(.enabled(if: SpanQuad.wideAvailable, "the CPU has no AVX2"))
    func wideRowsMatchExactPixelByPixelReads() throws {
        var rng = SplitMix(seed: 0x0017_0A5E)
        var cards = 0, wide = 0, runs = 0, missed = 0
        for _ in 0..<120 {
            let q = try randomCard(&rng)
            guard let span = SpanProjective(q, drawable: PixelRect(x: 0, y: 0, width: Self.size, height: Self.size))
            else { continue }
            cards += 1
            let texels = TexelSource(span), m = UInt64(span.opacity8)
            for y in span.region.y..<(span.region.y + span.region.height) {
                let run = span.outline.columns(row: y).inner
                guard !run.isEmpty else { continue }
                runs += 1
                let line = SpanProjective.Line(span, yc: Double(y) + 0.5)
                let fast = line.inside(run, texels)
                wide += fast.count & ~7
                // Columns the kernel could have drawn but the interval left out (the 256th of a
                // texel spared): at most one at either end.
                missed += run.filter { !fast.contains($0) && line.reads(inside: texels, $0) }.count
                let background = (0..<Self.size).map { _ -> UInt32 in
                    let a = UInt32(rng.int(0...255))
                    return a << 24 | (0..<3).reduce(0) { acc, _ in acc << 8 | UInt32(rng.int(0...Int(a))) }
                }
                var kernel = background, kernel64 = background, scalar = background
                kernel.withUnsafeMutableBufferPointer { p in
                    if m == 255 { SpanProjective.drawWide(p.baseAddress!, run, line, texels, m, Opaque.self) }
                    else { SpanProjective.drawWide(p.baseAddress!, run, line, texels, m, Faded.self) }
                }
                // The kernel's fallback, each lane's texel address in 64 bits.
                kernel64.withUnsafeMutableBufferPointer { p in
                    if m == 255 { SpanProjective.drawWide(p.baseAddress!, run, line, texels, m, Opaque.self, offsets32: false) }
                    else { SpanProjective.drawWide(p.baseAddress!, run, line, texels, m, Faded.self, offsets32: false) }
                }
                scalar.withUnsafeMutableBufferPointer { p in
                    if m == 255 { SpanProjective.exact(p.baseAddress!, run, line, texels, m, BilinearEdge.self, Opaque.self) }
                    else { SpanProjective.exact(p.baseAddress!, run, line, texels, m, BilinearEdge.self, Faded.self) }
                }
                #expect(kernel == scalar, "row \(y) of \(q.rect) from \(q.transform)")
                #expect(kernel64 == scalar, "row \(y) of \(q.rect) from \(q.transform), 64-bit addresses")
            }
        }
        #expect(cards >= 100)
        #expect(wide > 50_000)
        #expect(missed <= 2 * runs)
    }

    /// The interval of columns reading inside is empty where no column does: under a clamp to
    /// a texture one texel wide every bilinear read takes a texel beyond it.
    @Test func noColumnReadsInsideATextureOneTexelWide() throws {
        let t = try #require([UInt32](repeating: 0xFF80_4020, count: 8).withUnsafeBytes {
            TextureResource(bytes: $0, width: 1, height: 8, bytesPerRow: 4)
        })
        let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
        let q = ResolvedQuad(rect: rect, material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: 1, height: 8),
                                                           filter: .linear, edge: .clamp),
                             transform: SpanProjectiveTests.perspective(rect, yaw: 0.5, pitch: 0.2, distance: 200, scale: 1,
                                                                        tx: 30, ty: 30), opacity: 1, clip: nil)
        let span = try #require(SpanProjective(q, drawable: PixelRect(x: 0, y: 0, width: 64, height: 64)))
        let texels = TexelSource(span)
        var rows = 0
        for y in span.region.y..<(span.region.y + span.region.height) {
            let run = span.outline.columns(row: y).inner
            guard !run.isEmpty else { continue }
            rows += 1
            #expect(SpanProjective.Line(span, yc: Double(y) + 0.5).inside(run, texels).isEmpty)
        }
        #expect(rows > 20)
    }
}
