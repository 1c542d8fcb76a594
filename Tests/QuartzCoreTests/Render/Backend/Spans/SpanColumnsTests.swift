import Testing
import CoreGraphics
@testable import QuartzCore

/// `SpanColumns` (a row's columns by products) against `SpanOutline.columns(row:)` (by
/// divisions), exactly, on every row of random outlines: rotated, sheared, axis-aligned (flat
/// edges), thin, tiny, huge and far away, with hard and soft edges, within random areas.
@Suite("Span rasteriser row columns")
struct SpanColumnsTests {
    /// A random outline and whether it is moderate: at most 80 pixels, turned by a random
    /// angle (quarter turns leave an edge's normal 1e-16 from flat, whose limits' error bound
    /// spans a whole column: every such row takes the divisions).
    func randomOutline(_ rng: inout SplitMix) -> (SpanOutline?, moderate: Bool) {
        let scale = [1e-3, 0.3, 1, 10, 80, 1e6, 1e15, 1e150][rng.int(0...7)]
        let rect = CGRect(x: rng.double(-2...2) * scale, y: rng.double(-2...2) * scale,
                          width: rng.double(1e-4...1) * scale, height: rng.double(1e-4...1) * scale)
        let turn = rng.int(0...3)
        let angle: Double = switch turn {
        case 0: 0
        case 1: Double(rng.int(0...3)) * .pi / 2
        default: rng.double(-.pi ... .pi)
        }
        var m = CGAffineTransform(rotationAngle: angle).scaledBy(x: rng.double(0.2...3), y: rng.double(0.2...3))
        if rng.int(0...3) == 0 { m = m.concatenating(CGAffineTransform(a: 1, b: 0, c: rng.double(-2...2), d: 1, tx: 0, ty: 0)) }
        m.tx = rng.double(-20...120); m.ty = rng.double(-20...120)
        let area = PixelRect(x: rng.int(-10...40), y: rng.int(-10...40), width: rng.int(0...120), height: rng.int(0...120))
        let aliased = QuadEdges(rawValue: UInt8(rng.int(0...15))), both = QuadEdges(rawValue: UInt8(rng.int(0...15)))
        return (SpanOutline(rect, m, aliased: aliased, alsoSoft: both, area: area), scale <= 80 && turn >= 2)
    }

    @Test func columnsEqualTheDividedOnesOnEveryRow() {
        var rng = SplitMix(seed: 0x0017_C015)
        var rows = 0, moderateRows = 0, fast = 0
        for _ in 0..<3_000 {
            let (outline, moderate) = randomOutline(&rng)
            guard let o = outline else { continue }
            SpanColumns.with(o) { columns in
                // Every row of the region and a few beyond it.
                for y in (o.region.y - 3)..<(o.region.y + o.region.height + 3) {
                    let expected = o.columns(row: y), got = columns.row(y)
                    #expect(got.candidates == expected.candidates && got.inner == expected.inner,
                            "row \(y) of \(o): \(got) ≠ \(expected)")
                    rows += 1
                    // Rows of the quad itself (its box; beyond it a flat cut is expected).
                    guard moderate, o.region.y..<(o.region.y + o.region.height) ~= y else { continue }
                    moderateRows += 1
                    if columns.fast(y) != nil { fast += 1 }
                }
            }
        }
        // The products decided most rows of moderate quads (the divisions only near whole
        // columns and where a flat edge cuts a row off).
        #expect(rows > 20_000)
        #expect(Double(fast) > 0.8 * Double(moderateRows))
    }

    /// Limits landing exactly on whole columns (axis-aligned quads on half-pixel and whole
    /// positions, 45° turns) are where products and quotients could round apart.
    @Test func limitsOnWholeColumnsEqualTheDividedOnes() {
        var rng = SplitMix(seed: 0x0017_C016)
        for _ in 0..<2_000 {
            let rect = CGRect(x: Double(rng.int(-4...4)) / 2, y: Double(rng.int(-4...4)) / 2,
                              width: Double(rng.int(1...40)) / 2, height: Double(rng.int(1...40)) / 2)
            let m = CGAffineTransform(rotationAngle: Double(rng.int(0...7)) * .pi / 4)
                .concatenating(CGAffineTransform(translationX: Double(rng.int(0...80)) / 2, y: Double(rng.int(0...80)) / 2))
            guard let o = SpanOutline(rect, m, aliased: QuadEdges(rawValue: UInt8(rng.int(0...15))),
                                      area: PixelRect(x: 0, y: 0, width: 64, height: 64)) else { continue }
            SpanColumns.with(o) { columns in
                for y in (o.region.y - 1)..<(o.region.y + o.region.height + 1) {
                    let expected = o.columns(row: y), got = columns.row(y)
                    #expect(got.candidates == expected.candidates && got.inner == expected.inner)
                }
            }
        }
    }

    /// A quad of 1e150 pixels turned a little: its limits' error bound dwarfs a column, so
    /// every row takes the divisions, and agrees.
    @Test func hugeQuadsFallBackToTheDivisions() throws {
        let m = CGAffineTransform(rotationAngle: 0.3)
        let o = try #require(SpanOutline(CGRect(x: -1e150, y: -1e150, width: 2e150, height: 2e150), m, aliased: [],
                                          area: PixelRect(x: 0, y: 0, width: 8, height: 8)))
        SpanColumns.with(o) { columns in
            for y in -2..<10 {
                let expected = o.columns(row: y), got = columns.row(y)
                #expect(got.candidates == expected.candidates && got.inner == expected.inner)
                #expect(columns.fast(y) == nil)
            }
        }
    }
}
