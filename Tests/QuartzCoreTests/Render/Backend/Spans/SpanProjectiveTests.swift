import Testing
import Foundation
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// Perspective texture quads through the span loops (`SpanProjective`) against the Double
/// model (`SpanReference`, which maps pixel centres back through the projective inverse) and
/// against pixman's warp they replace (`drawWarped`), on seeded random quads: the affine
/// tests' textures, source rects, clips, filters, edges and opacities under random
/// rotations about x and y seen in perspective.
@Suite("Span rasteriser, perspective")
struct SpanProjectiveTests {
    static let size = SpanRasterizerTests.size
    let affine = SpanRasterizerTests()

    /// Draws `q` over `background` with the span loop; nil when it declines the quad.
    func draw(_ q: ResolvedQuad, over background: [UInt32], band: PixelRect? = nil) throws -> [UInt32]? {
        let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
        background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        var target = RasterTarget(buffer)
        if let band { target.drawable = band }
        guard let span = SpanProjective(q, drawable: target.drawable) else { return nil }
        span.draw(into: target)
        return (0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) }
    }

    /// The same quad through pixman's warp and cairo's polygon clip (the path before spans).
    func drawWarped(_ q: ResolvedQuad, over background: [UInt32]) throws -> [UInt32] {
        let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
        background.withUnsafeBytes { buffer.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let surface = try #require(buffer.makeCairoSurface())
        let cr = cairo_create(surface)!
        CPUCompositor().drawWarped(q, into: RasterTarget(buffer), cr: cr)
        cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        return (0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) }
    }

    /// A rotation by `yaw` about y and `pitch` about x, seen from `distance` pixels (CA's
    /// `m34 = −1/distance`), of the rect centred on the origin, scaled by `scale` and moved
    /// to (tx, ty).
    static func perspective(_ rect: CGRect, yaw: Double, pitch: Double, distance: Double, scale: Double,
                            tx: Double, ty: Double) -> ProjectiveTransform {
        let (cy, sy, cp, sp) = (cos(yaw), sin(yaw), cos(pitch), sin(pitch))
        // Rows: the images of the x and y axes in 3D (yaw first, then pitch); z → w.
        let x = (cy, sp * sy, -cp * sy), y = (0.0, cp, sp)
        let flat = ProjectiveTransform(m11: x.0, m12: x.1, m13: -x.2 / distance,
                                       m21: y.0, m22: y.1, m23: -y.2 / distance, m31: 0, m32: 0, m33: 1)
        return ProjectiveTransform.translation(x: -Double(rect.midX), y: -Double(rect.midY)).concatenating(flat)
            .concatenating(.scale(x: scale, y: scale)).concatenating(.translation(x: tx, y: ty))
    }

    func randomQuad(_ rng: inout SplitMix) throws -> ResolvedQuad {
        var q = try affine.randomQuad(&rng)
        q.transform = Self.perspective(q.rect, yaw: rng.double(-1.3...1.3), pitch: rng.double(-1.3...1.3),
                                       distance: rng.double(15...150), scale: rng.double(0.5...2.5),
                                       tx: rng.double(8...32), ty: rng.double(8...32))
        return q
    }

    @Test func randomQuadsMatchTheReferenceAndTheWarp() throws {
        var rng = SplitMix(seed: 0x5EED_0034)
        var vsReference = SpanRasterizerTests.Difference(), vsWarp = SpanRasterizerTests.Difference()
        var drawn = 0, compared = 0, squaredError = 0.0, samples = 0
        for _ in 0..<300 {
            let q = try randomQuad(&rng)
            let background = affine.randomBackground(&rng)
            guard let spans = try draw(q, over: background) else { continue }
            drawn += 1
            let ref = SpanReference(q)
            let n = Self.size
            let cov = (0..<(n * n)).map { ref.coverage($0 % n, $0 / n) }
            let expected = (0..<(n * n)).map { ref.over(background[$0], $0 % n, $0 / n, coverage: cov[$0]) }
            // Nearest may pick either side within a 256th of a texel of a boundary (the pieces'
            // linear steps) plus the fixed point's error.
            let ties = affine.nearestTies(ref, margin: SpanProjective.tolerance + 1e-3)
            let r = affine.compare(spans, expected, cov, ties: ties)
            vsReference.interior = max(vsReference.interior, r.interior); vsReference.edge = max(vsReference.edge, r.edge)
            // The warp clamps at the whole texture, the spans (as the affine path and the
            // reference) at the source rect's whole pixels: compared where those agree.
            guard case .texture(let t, let source, _, let edge) = q.material,
                  edge == .transparent || source == CGRect(x: 0, y: 0, width: t.width, height: t.height) else { continue }
            compared += 1
            let warped = try drawWarped(q, over: background)
            let w = affine.compare(spans, warped, cov, ties: ties)
            vsWarp.interior = max(vsWarp.interior, w.interior); vsWarp.edge = max(vsWarp.edge, w.edge)
            for i in 0..<(n * n) where !ties.contains(i) {
                for shift: UInt32 in [0, 8, 16, 24] {
                    let d = Double(Int((spans[i] >> shift) & 0xFF) - Int((warped[i] >> shift) & 0xFF))
                    squaredError += d * d
                }
                samples += 4
            }
        }
        let psnr = 10 * log10(255 * 255 / max(squaredError / Double(samples), 1e-12))
        print("perspective spans: \(drawn)/300 drawn, \(compared) compared with the warp; vs reference: interior \(vsReference.interior)/255, edge band "
              + "\(vsReference.edge)/255; vs warp: interior \(vsWarp.interior)/255, edge band \(vsWarp.edge)/255, "
              + "PSNR \(psnr) dB")
        // Every random quad is in front of the eye by construction (distance > its half-size).
        #expect(drawn >= 250)
        // As the affine spans: pixman's 7-bit weights and 8-bit OVER against Double, plus the
        // pieces' linear steps (within a 256th of a texel).
        #expect(vsReference.interior <= 3)
        #expect(vsReference.edge <= 24)
        #expect(psnr >= 45)
    }

    @Test func bandsDrawExactlyTheirRowsOfTheWholeQuad() throws {
        var rng = SplitMix(seed: 43)
        for _ in 0..<40 {
            let q = try randomQuad(&rng)
            let background = affine.randomBackground(&rng)
            guard let whole = try draw(q, over: background) else { continue }
            var banded = background
            for (y0, y1) in [(0, 7), (7, 23), (23, Self.size)] {
                let rows = try #require(try draw(q, over: banded, band: PixelRect(x: 0, y: y0, width: Self.size, height: y1 - y0)))
                for i in (y0 * Self.size)..<(y1 * Self.size) { banded[i] = rows[i] }
            }
            #expect(banded == whole)
        }
    }

    /// w = 1 + x/100: local (x, y) lands on buffer (x, y) / (1 + x/100), so buffer pixel
    /// centre (bx, by) samples local (bx, by) / (1 − bx/100). Texel (i, j) holds red i, green j.
    @Test func aKnownPerspectiveSamplesTheTexelsWorkedOutByHand() throws {
        let t = try Probe.texture(width: 20, height: 20) { x, y in (UInt8(x), UInt8(y), 0) }
        let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                             material: .texture(t, sourceRect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                                filter: .nearest, edge: .clamp),
                             transform: ProjectiveTransform(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0,
                                                            m31: 0, m32: 0, m33: 1),
                             opacity: 1, clip: nil)
        let b = try #require(try draw(q, over: [UInt32](repeating: 0, count: Self.size * Self.size)))
        func at(_ x: Int, _ y: Int) -> UInt32 { b[y * Self.size + x] }
        // (5.5, 5.5) / 0.945 = (5.82, 5.82).
        #expect(at(5, 5) == 0xFF05_0500)
        // (12.5, 2.5) / 0.875 = (14.29, 2.86).
        #expect(at(12, 2) == 0xFF0E_0200)
        // (15.5, 14.5) / 0.845 = (18.34, 17.16); the bottom edge is at y = 20 × 0.845 = 16.9.
        #expect(at(15, 14) == 0xFF12_1100)
        // The right edge is x = 20 / 1.2 = 16.67: pixel 16 is two thirds covered, 17 not at all.
        #expect((169...171).contains(at(16, 5) >> 24))
        #expect(at(17, 5) == 0)
    }

    /// The compositor sends a perspective texture quad to the span loop: `drawProjective`'s
    /// bytes are `SpanProjective`'s, not the warp's.
    @Test func drawProjectiveUsesTheSpanLoop() throws {
        var rng = SplitMix(seed: 7)
        for _ in 0..<10 {
            var q = try randomQuad(&rng)
            q.clip = nil
            let zero = [UInt32](repeating: 0, count: Self.size * Self.size)
            guard let spans = try draw(q, over: zero) else { continue }
            let buffer = try #require(TextureResource(zeroedWidth: Self.size, height: Self.size))
            let surface = try #require(buffer.makeCairoSurface())
            let cr = cairo_create(surface)!
            CPUCompositor().drawProjective(q, into: RasterTarget(buffer), cr: cr)
            cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
            #expect((0..<(Self.size * Self.size)).map { buffer.word(x: $0 % Self.size, y: $0 / Self.size) } == spans)
        }
    }
}
