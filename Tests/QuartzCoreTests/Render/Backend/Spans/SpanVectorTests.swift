import Testing
import CoreGraphics
@testable import QuartzCore

/// The fixed-point and four-pixel forms of the span arithmetic against the forms they
/// replace: vector OVER and mask exactly equal to `SpanPixel`'s, fixed-point edge coverage
/// within 1/255 of the Double area.
@Suite("Span rasteriser vector and fixed-point arithmetic")
struct SpanVectorTests {
    func premultiplied(_ rng: inout SplitMix) -> UInt32 {
        let a = UInt32(rng.int(0...3) == 0 ? 255 : rng.int(0...255))
        return a << 24 | UInt32(rng.int(0...Int(a))) << 16 | UInt32(rng.int(0...Int(a))) << 8 | UInt32(rng.int(0...Int(a)))
    }

    @Test func fourPixelOverAndMaskEqualThePixelForms() {
        var rng = SplitMix(seed: 0x17_0004)
        for _ in 0..<20_000 {
            let d = SpanVector.Pixels((0..<4).map { _ in premultiplied(&rng) })
            let s = SpanVector.Pixels((0..<4).map { _ in premultiplied(&rng) })
            let m = UInt32(rng.int(0...255))
            let over = SpanVector.over(d, s)
            let faded = SpanVector.over(d, SpanVector.scale(s, SpanVector.Lanes(repeating: UInt16(m))))
            for i in 0..<4 {
                #expect(over[i] == SpanPixel.over(d[i], SpanPixel.spread(s[i])))
                #expect(faded[i] == SpanPixel.over(d[i], s[i], mask: UInt64(m)))
            }
            #expect(SpanVector.opaque(s) == (0..<4).allSatisfy { s[$0] >> 24 == 255 })
        }
    }

    @Test func fixedPointEdgeCoverageIsWithinOneLevelOfTheArea() throws {
        var rng = SplitMix(seed: 0x17_00ED)
        let t = try Probe.texture(width: 2, height: 2) { _, _ in (1, 2, 3) }
        var worst = 0, partial = 0
        for _ in 0..<400 {
            let angle = rng.int(0...4) == 0 ? Double(rng.int(0...7)) * .pi / 4 : rng.double(-.pi ... .pi)
            let (tx, ty) = (rng.double(8...24), rng.double(8...24))
            let m = CGAffineTransform(rotationAngle: angle).scaledBy(x: rng.double(0.2...3), y: rng.double(0.2...3))
                .concatenating(CGAffineTransform(translationX: tx, y: ty))
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: rng.double(0.3...10), height: rng.double(0.3...10)),
                                 material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: 2, height: 2),
                                                    filter: .linear, edge: .clamp),
                                 transform: ProjectiveTransform(m), opacity: 1, clip: nil,
                                 aliasedEdges: QuadEdges(rawValue: UInt8(rng.int(0...3) == 0 ? rng.int(0...15) : 0)))
            let span = try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 48, height: 48)))
            let o = span.outline, edges = SpanEdges(o)
            // A row through the quad, from a column left of it.
            let y = Int(ty) + rng.int(0...8), x0 = max(Int(tx) - 14, 0)
            let d0 = SpanEdges.start(o, x: x0, y: y)
            for x in x0..<(x0 + 28) {
                let fixed = Int(edges.coverage8(d0 &+ edges.step &* Int64(x - x0), o, x: x, y: y))
                let exact = Int(o.coverage(x: x, y: y) * 255 + 0.5)
                worst = max(worst, abs(fixed - exact))
                if exact > 0 && exact < 255 { partial += 1 }
            }
        }
        #expect(worst <= 1)
        #expect(partial > 400)
    }
}
