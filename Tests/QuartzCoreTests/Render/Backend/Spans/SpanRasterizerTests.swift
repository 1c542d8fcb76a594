import Testing
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// The span rasteriser against `SpanReference` and against the cairo path it replaces, on
/// seeded random affine texture quads (nearest and bilinear, clamp and transparent edges,
/// opacity, aliased edges, integral clips) over random backgrounds.
@Suite("Span rasteriser")
struct SpanRasterizerTests {
    static let size = 40

    /// Differences per 8-bit channel: `interior` away from edges (a pixel whose 3 × 3
    /// neighbourhood is wholly inside or wholly outside the quad), `edge` in the 1-pixel band.
    struct Difference { var interior = 0, edge = 0 }

    func draw(_ q: ResolvedQuad, over background: [UInt32], band: PixelRect? = nil) throws -> [UInt32] {
        let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
        background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        var target = RasterTarget(buffer)
        if let band { target.drawable = band }
        let span = try #require(SpanQuad(q, drawable: target.drawable))
        span.draw(into: target)
        return (0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) }
    }

    func drawWithCairo(_ q: ResolvedQuad, over background: [UInt32]) throws -> [UInt32] {
        let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
        background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let surface = try #require(buffer.makeCairoSurface())
        let cr = cairo_create(surface)!
        CPUCompositor().drawAffine(q, cr: cr)
        cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        return (0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) }
    }

    /// Largest channel difference between `a` and `b`, split by `SpanReference`'s coverage.
    func compare(_ a: [UInt32], _ b: [UInt32], _ cov: [Double], ties: Set<Int> = []) -> Difference {
        let n = Self.size
        var d = Difference()
        for i in 0..<(n * n) where !ties.contains(i) {
            let x = i % n, y = i / n
            var uniform = true
            for dy in -1...1 { for dx in -1...1 {
                let nx = x + dx, ny = y + dy
                if nx >= 0, ny >= 0, nx < n, ny < n, cov[ny * n + nx] != cov[i] || (cov[i] != 0 && cov[i] != 1) {
                    uniform = false
                }
            } }
            let diff = Self.channelDifference(a[i], b[i])
            if uniform { d.interior = max(d.interior, diff) } else { d.edge = max(d.edge, diff) }
        }
        return d
    }

    static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        var d = 0
        for shift: UInt32 in [24, 16, 8, 0] {
            let x = Int((p >> shift) & 0xFF), y = Int((q >> shift) & 0xFF)
            d = max(d, abs(x - y))
        }
        return d
    }

    /// Pixels whose centre maps within `margin` texel of a texel boundary (nearest sampling may
    /// pick either side there: 16.16 fixed point against Double).
    func nearestTies(_ ref: SpanReference, margin: Double = 1e-3) -> Set<Int> {
        guard case .texture(_, _, .nearest, _) = ref.q.material else { return [] }
        var s = Set<Int>()
        for i in 0..<(Self.size * Self.size) {
            let (u, v) = ref.texelPoint(i % Self.size, i / Self.size)
            if abs(u - u.rounded()) < margin || abs(v - v.rounded()) < margin { s.insert(i) }
        }
        return s
    }

    @Test func randomQuadsMatchTheReferenceAndCairo() throws {
        var rng = SplitMix(seed: 0x5EED_0017)
        var vsReference = Difference(), vsCairo = Difference()
        for _ in 0..<300 {
            let q = try randomQuad(&rng)
            let background = randomBackground(&rng)
            let spans = try draw(q, over: background)
            let ref = SpanReference(q)
            let n = Self.size
            let cov = (0..<(n * n)).map { ref.coverage($0 % n, $0 / n) }
            let expected = (0..<(n * n)).map { ref.over(background[$0], $0 % n, $0 / n, coverage: cov[$0]) }
            let ties = nearestTies(ref)
            let r = compare(spans, expected, cov, ties: ties)
            let c = compare(spans, try drawWithCairo(q, over: background), cov, ties: ties)
            vsReference.interior = max(vsReference.interior, r.interior); vsReference.edge = max(vsReference.edge, r.edge)
            vsCairo.interior = max(vsCairo.interior, c.interior); vsCairo.edge = max(vsCairo.edge, c.edge)
        }
        print("span vs reference: interior \(vsReference.interior)/255, edge band \(vsReference.edge)/255; "
              + "span vs cairo: interior \(vsCairo.interior)/255, edge band \(vsCairo.edge)/255")
        // pixman's sampling (7-bit bilinear weights, truncated) and 8-bit OVER against exact
        // Double arithmetic: up to 3/255 (measured); against cairo itself 2/255.
        #expect(vsReference.interior <= 3)
        #expect(vsCairo.interior <= 2)
        // Coverage is exact area here and 16 × 16 samples (or cairo's grid) there.
        #expect(vsReference.edge <= 24)
        #expect(vsCairo.edge <= 40)
    }

    @Test func bandsDrawExactlyTheirRowsOfTheWholeQuad() throws {
        var rng = SplitMix(seed: 42)
        for _ in 0..<40 {
            let q = try randomQuad(&rng)
            let background = randomBackground(&rng)
            let whole = try draw(q, over: background)
            var banded = background
            for (y0, y1) in [(0, 7), (7, 23), (23, Self.size)] {
                let rows = try draw(q, over: banded, band: PixelRect(x: 0, y: y0, width: Self.size, height: y1 - y0))
                for i in (y0 * Self.size)..<(y1 * Self.size) { banded[i] = rows[i] }
                #expect(rows[..<(y0 * Self.size)] == banded[..<(y0 * Self.size)])
            }
            #expect(banded == whole)
        }
    }

    func randomQuad(_ rng: inout SplitMix) throws -> ResolvedQuad {
        let tw = rng.int(1...9), th = rng.int(1...9)
        var words: [UInt32] = []
        for _ in 0..<(tw * th) {
            let a = rng.int(0...3) == 0 ? UInt32(rng.int(0...255)) : 255
            let c = (0..<3).map { _ in UInt32(rng.int(0...Int(a))) }
            words.append(a << 24 | c[0] << 16 | c[1] << 8 | c[2])
        }
        let texture = try #require(words.withUnsafeBytes {
            TextureResource(bytes: $0, width: tw, height: th, bytesPerRow: tw * 4)
        })
        let sx = rng.double(-1...Double(tw) - 0.5), sy = rng.double(-1...Double(th) - 0.5)
        let source = rng.int(0...2) == 0 ? CGRect(x: 0, y: 0, width: tw, height: th)
            : CGRect(x: sx, y: sy, width: rng.double(0.5...Double(tw) + 1), height: rng.double(0.5...Double(th) + 1))
        let rect = CGRect(x: rng.double(-5...5), y: rng.double(-5...5), width: rng.double(1...24), height: rng.double(1...24))
        var m = CGAffineTransform(rotationAngle: rng.int(0...3) == 0 ? 0 : rng.double(-.pi ... .pi))
            .scaledBy(x: rng.double(0.4...3), y: rng.double(0.4...3))
        if rng.int(0...2) == 0 { m = m.concatenating(CGAffineTransform(a: 1, b: 0, c: rng.double(-1...1), d: 1, tx: 0, ty: 0)) }
        m.tx = rng.double(5...35); m.ty = rng.double(5...35)
        let clip: CGRect? = rng.int(0...2) == 0
            ? CGRect(x: rng.int(0...20), y: rng.int(0...20), width: rng.int(1...30), height: rng.int(1...30)) : nil
        let filters: [TextureFilter] = [.nearest, .linear]
        let edges: [TextureEdgeMode] = [.clamp, .transparent]
        return ResolvedQuad(rect: rect, material: .texture(texture, sourceRect: source, filter: filters[rng.int(0...1)],
                                                           edge: edges[rng.int(0...1)]),
                            transform: ProjectiveTransform(m), opacity: rng.int(0...1) == 0 ? 1 : rng.double(0.05...1),
                            clip: clip, aliasedEdges: QuadEdges(rawValue: UInt8(rng.int(0...3) == 0 ? rng.int(0...15) : 0)))
    }

    func randomBackground(_ rng: inout SplitMix) -> [UInt32] {
        let a = rng.int(0...1) == 0 ? 255 : UInt32(rng.int(0...255))
        let c = (0..<3).map { _ in UInt32(rng.int(0...Int(a))) }
        return [UInt32](repeating: a << 24 | c[0] << 16 | c[1] << 8 | c[2], count: Self.size * Self.size)
    }
}

/// A small seeded generator (SplitMix64), so failures reproduce; shared by the random tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    mutating func double(_ r: ClosedRange<Double>) -> Double {
        r.lowerBound + Double(next() >> 11) / Double(1 << 53) * (r.upperBound - r.lowerBound)
    }
}
