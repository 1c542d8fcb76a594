import Testing
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// Solid colour quads and square-cornered border rings through the span loops (`SpanFill`)
/// against the cairo path they replace, on seeded random quads over random backgrounds.
@Suite("Span rasteriser solid fills")
struct SpanFillTests {
    static let size = 40
    let spans = SpanRasterizerTests()

    func draw(_ q: ResolvedQuad, over background: [UInt32], cairo: Bool) throws -> [UInt32] {
        let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
        background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        if cairo {
            let surface = try #require(buffer.makeCairoSurface())
            let cr = cairo_create(surface)!
            CPUCompositor().drawAffine(q, cr: cr)
            cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        } else {
            let fill = try #require(SpanFill(q, drawable: RasterTarget(buffer).bounds))
            fill.draw(into: RasterTarget(buffer))
        }
        return (0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) }
    }

    /// Coverage by `SpanReference` of the quad's outline, or of the ring (outer less inner).
    func coverage(_ q: ResolvedQuad) -> [Double] {
        let n = Self.size
        let outer = SpanReference(q)
        var hole: SpanReference?
        if case .border(let w, _, _) = q.material {
            var inner = q
            inner.rect = q.rect.insetBy(dx: CGFloat(w), dy: CGFloat(w))
            inner.aliasedEdges = []
            if !inner.rect.isNull, inner.rect.width > 0, inner.rect.height > 0 { hole = SpanReference(inner) }
        }
        return (0..<(n * n)).map { i in
            let c = outer.coverage(i % n, i / n) - (hole?.coverage(i % n, i / n) ?? 0)
            // A pixel cut by the inner edge counts as an edge pixel even where it rounds to 0 or 1.
            return hole.map { h in let v = h.coverage(i % n, i / n); return v > 0 && v < 1 ? 0.5 : c } ?? c
        }
    }

    @Test func randomFillsAndRingsMatchCairo() throws {
        var rng = SplitMix(seed: 0xF111_0017)
        var worst = SpanRasterizerTests.Difference()
        var drawnInterior = 0
        for trial in 0..<300 {
            let background = spans.randomBackground(&rng)
            let a = rng.int(0...2) == 0 ? rng.double(0...1) : 1
            let color = PremultipliedColor(red: rng.double(0...a), green: rng.double(0...a), blue: rng.double(0...a), alpha: a)
            let rect = CGRect(x: rng.double(-5...5), y: rng.double(-5...5), width: rng.double(1...24), height: rng.double(1...24))
            let material: ResolvedQuad.Material = trial % 2 == 0 ? .solidColor(color)
                : .border(width: rng.double(0.3...8), CornerRadii(uniform: 0), color)
            var m = CGAffineTransform(rotationAngle: rng.int(0...2) == 0 ? 0 : rng.double(-.pi ... .pi))
                .scaledBy(x: rng.double(0.4...3), y: rng.double(0.4...3))
            if rng.int(0...3) == 0 { m = .identity }
            m.tx = rng.double(5...35); m.ty = rng.double(5...35)
            if rng.int(0...3) == 0 { m.tx = m.tx.rounded(); m.ty = m.ty.rounded() }
            let clip: CGRect? = rng.int(0...2) == 0
                ? CGRect(x: rng.int(0...20), y: rng.int(0...20), width: rng.int(1...30), height: rng.int(1...30)) : nil
            let aliased = QuadEdges(rawValue: UInt8(rng.int(0...3) == 0 ? (rng.int(0...1) == 0 ? 15 : rng.int(0...15)) : 0))
            let q = ResolvedQuad(rect: rect, material: material, transform: ProjectiveTransform(m),
                                 opacity: rng.int(0...1) == 0 ? 1 : rng.double(0.05...1), clip: clip, aliasedEdges: aliased)
            let ours = try draw(q, over: background, cairo: false)
            let theirs = try draw(q, over: background, cairo: true)
            let cov = coverage(q)
            let d = spans.compare(ours, theirs, cov, ties: try hardEdgeTies(q, m))
            worst.interior = max(worst.interior, d.interior); worst.edge = max(worst.edge, d.edge)
            drawnInterior += cov.filter { $0 == 1 }.count
        }
        print("span fills vs cairo: interior \(worst.interior)/255, edge band \(worst.edge)/255")
        #expect(drawnInterior > 10_000)
        // Same colour conversion and OVER as cairo's solid fill: interiors are identical.
        #expect(worst.interior == 0)
        // Exact area here, cairo's sampling grid there.
        // (measured 42/255: thin rings put two edges in one pixel, where cairo's grid and the
        // exact area differ most).
        #expect(worst.edge <= 48)
    }

    /// Pixels whose centre lies within 1/64 pixel of a hard edge: cairo's aliased
    /// rasteriser snaps edges to its fixed-point grid, so it may decide either way there.
    func hardEdgeTies(_ q: ResolvedQuad, _ m: CGAffineTransform) throws -> Set<Int> {
        let n = Self.size
        let o = try #require(SpanOutline(q.rect, m, aliased: q.aliasedEdges, area: PixelRect(x: 0, y: 0, width: n, height: n)))
        var ties = Set<Int>()
        for i in 0..<(n * n) {
            let cx = Double(i % n) + 0.5, cy = Double(i / n) + 0.5
            for k in 0..<4 where o.hard[k] == 1 && abs(o.nx[k] * cx + o.ny[k] * cy + o.c[k]) < 1.0 / 64 { ties.insert(i) }
        }
        return ties
    }

    @Test func casesLeftToCairo() {
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        let target = PixelRect(x: 0, y: 0, width: 32, height: 32)
        var q = ResolvedQuad(rect: CGRect(x: 2, y: 2, width: 10, height: 10), material: .solidColor(red),
                             transform: ProjectiveTransform(CGAffineTransform(rotationAngle: 0.3)), opacity: 1, clip: nil)
        #expect(SpanFill(q, drawable: target) != nil)
        q.material = .roundedRect(CornerRadii(uniform: 3), red)
        #expect(SpanFill(q, drawable: target) != nil)
        q.material = .border(width: 2, CornerRadii(uniform: 3), red)
        #expect(SpanFill(q, drawable: target) != nil)
        q.material = .border(width: 2, CornerRadii(uniform: 0), red)
        #expect(SpanFill(q, drawable: target) != nil)
        // Corners larger than `SpanCorners.compactSide` pixels stay cairo's (their squares' pixels
        // would all take the per-pixel loop).
        var large = q
        (large.rect, large.material) = (CGRect(x: 0, y: 0, width: 200, height: 200), .roundedRect(CornerRadii(uniform: 60), red))
        #expect(SpanFill(large, drawable: PixelRect(x: 0, y: 0, width: 300, height: 300)) == nil)
        // Rounded clips, continuous corners included, are the span path's too (SpanCorners).
        q.roundedClip = RoundedRect(rect: q.rect, radii: CornerRadii(minXMinY: 3, maxXMinY: 3, maxXMaxY: 3,
                                                                     minXMaxY: 3, continuous: true))
        #expect(SpanFill(q, drawable: target) != nil)
        q.blendMode = .screen       // separable: SpanBlend+Fill, corners included
        #expect(SpanFill(q, drawable: target) != nil)
        q.blendMode = .luminosity   // non-separable (SpanBlendTests)
        #expect(SpanFill(q, drawable: target) == nil)
        // Texture quads and a fractional device clip stay cairo's.
        q.blendMode = .sourceOver
        q.clip = CGRect(x: 0.5, y: 0, width: 20, height: 20)
        #expect(SpanFill(q, drawable: target) == nil)
    }
}
