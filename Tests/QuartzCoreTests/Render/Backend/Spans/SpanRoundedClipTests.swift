import Testing
import CoreGraphics
@testable import QuartzCore

/// Texture quads under a rounded clip (`cornerRadius` with `masksToBounds`) through the span
/// path (`SpanCorners`), against `SpanReference` (16 × 16 samples of the quad within the
/// rounded rectangle) and against the cairo path, on seeded random quads whose clip is their
/// own rect (a layer's contents) or another one.
@Suite("Span rasteriser rounded clips")
struct SpanRoundedClipTests {
    let base = SpanRasterizerTests()

    func withRoundedClip(_ q: ResolvedQuad, _ rng: inout SplitMix) -> ResolvedQuad {
        var q = q
        let r = q.rect
        let rect = rng.int(0...1) == 0 ? r
            : r.insetBy(dx: CGFloat(rng.double(-3...3)), dy: CGFloat(rng.double(-3...3))).standardized
        let side = Double(min(rect.width, rect.height))
        func radius() -> Double { rng.int(0...4) == 0 ? 0 : rng.double(0...side / 1.5) }
        let radii = rng.int(0...1) == 0 ? CornerRadii(uniform: radius())
            : CornerRadii(minXMinY: radius(), maxXMinY: radius(), maxXMaxY: radius(), minXMaxY: radius())
        q.roundedClip = RoundedRect(rect: rect, radii: radii)
        return q
    }

    @Test func randomRoundedClipsMatchTheReferenceAndCairo() throws {
        var rng = SplitMix(seed: 0x0017_C0E2)
        var vsReference = SpanRasterizerTests.Difference(), vsCairo = SpanRasterizerTests.Difference()
        var drawn = 0
        for _ in 0..<150 {
            let q = withRoundedClip(try base.randomQuad(&rng), &rng)
            guard SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 40, height: 40)) != nil else { continue }
            drawn += 1
            let background = base.randomBackground(&rng)
            let spans = try base.draw(q, over: background)
            let ref = SpanReference(q)
            let n = SpanRasterizerTests.size
            let cov = (0..<(n * n)).map { ref.coverage($0 % n, $0 / n) }
            let expected = (0..<(n * n)).map { ref.over(background[$0], $0 % n, $0 / n, coverage: cov[$0]) }
            let ties = base.nearestTies(ref)
            let r = base.compare(spans, expected, cov, ties: ties)
            let c = base.compare(spans, try base.drawWithCairo(q, over: background), cov, ties: ties)
            vsReference.interior = max(vsReference.interior, r.interior); vsReference.edge = max(vsReference.edge, r.edge)
            vsCairo.interior = max(vsCairo.interior, c.interior); vsCairo.edge = max(vsCairo.edge, c.edge)
        }
        print("rounded clips: span vs reference: interior \(vsReference.interior)/255, edge band \(vsReference.edge)/255; "
              + "span vs cairo: interior \(vsCairo.interior)/255, edge band \(vsCairo.edge)/255")
        #expect(drawn > 100)
        #expect(vsReference.interior <= 3)
        #expect(vsCairo.interior <= 2)
        #expect(vsReference.edge <= 24)
        #expect(vsCairo.edge <= 40)
    }

    /// A layer-like case: an opaque 32 × 32 texture drawn 1:1 with hard edges and an 8-pixel
    /// rounded clip on its own rect: the corner pixel is untouched, the middle is the texture,
    /// the arc's midpoint half covered.
    @Test func aRoundedLayerCornerIsCutAlongItsArc() throws {
        let t = try Probe.texture(width: 32, height: 32) { _, _ in (200, 100, 50) }
        let q = ResolvedQuad(rect: CGRect(x: 4, y: 4, width: 32, height: 32),
                             material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: 32, height: 32),
                                                filter: .linear, edge: .clamp),
                             transform: .identity, opacity: 1, clip: nil,
                             roundedClip: RoundedRect(rect: CGRect(x: 4, y: 4, width: 32, height: 32),
                                                      radii: CornerRadii(uniform: 8)),
                             aliasedEdges: .all)
        let out = try base.draw(q, over: [UInt32](repeating: 0xFF00_0000, count: 1600))
        #expect(out[4 * 40 + 4] == 0xFF00_0000)
        #expect(out[20 * 40 + 20] == 0xFFC8_6432)
        #expect(out[20 * 40 + 4] == 0xFFC8_6432)
        // The arc's midpoint (45°) from the disc centre (12, 12): 8 / √2 ≈ 5.66 out, in pixel (6, 6).
        let red = Int((out[6 * 40 + 6] >> 16) & 0xFF)
        #expect(red > 40 && red < 170)
    }
}
