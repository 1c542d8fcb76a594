import Testing
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// Perspective quads with numbers the span loop must survive or decline (`SpanProjective`):
/// corners on or behind the eye's plane, a horizon within a pixel of the quad, NaN, 1e30,
/// a 1 × 1 texture. Whatever it draws is valid premultiplied colour; whatever it declines the
/// warp draws without crashing.
@Suite("Span rasteriser bad input, perspective")
struct SpanProjectiveBadInputTests {
    func quad(_ texture: TextureResource, rect: CGRect = CGRect(x: 0, y: 0, width: 10, height: 10),
              _ m: ProjectiveTransform, filter: TextureFilter = .linear, edge: TextureEdgeMode = .clamp) -> ResolvedQuad {
        ResolvedQuad(rect: rect, material: .texture(texture, sourceRect: CGRect(x: 0, y: 0, width: texture.width,
                                                                                height: texture.height),
                                                    filter: filter, edge: edge),
                     transform: m, opacity: 1, clip: nil)
    }

    /// A projective map with perspective terms (m13, m23) after `scale` and a move to (16, 16).
    func tilt(_ m13: Double, _ m23: Double, m33: Double = 1, scale: Double = 2) -> ProjectiveTransform {
        ProjectiveTransform(m11: scale, m12: 0, m13: m13, m21: 0, m22: scale, m23: m23, m31: 2, m32: 2, m33: m33)
    }

    /// Draws `q` into a 32 × 32 transparent buffer with the span loop (nil when it declines)
    /// and through `drawProjective` (spans or the warp), and checks both are premultiplied.
    @discardableResult
    func draw(_ q: ResolvedQuad) throws -> TextureResource? {
        let whole = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let viaCompositor = try #require(TextureResource(zeroedWidth: 32, height: 32))
        let surface = try #require(viaCompositor.makeCairoSurface())
        let cr = cairo_create(surface)!
        CPUCompositor().drawProjective(q, into: RasterTarget(viaCompositor), cr: cr)
        cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        expectPremultiplied(viaCompositor)
        guard let span = SpanProjective(q, drawable: whole) else { return nil }
        let buffer = try #require(TextureResource(zeroedWidth: 32, height: 32))
        span.draw(into: RasterTarget(buffer))
        expectPremultiplied(buffer)
        return buffer
    }

    func expectPremultiplied(_ b: TextureResource) {
        for y in 0..<32 { for x in 0..<32 {
            let w = b.word(x: x, y: y), a = w >> 24
            #expect((w >> 16) & 0xFF <= a && (w >> 8) & 0xFF <= a && w & 0xFF <= a)
        } }
    }

    @Test func cornersOnOrBehindTheEyeKeepTheWarp() throws {
        let t = try Probe.texture(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 9) }
        // w = 1 − x/10: the rect's right side (x = 10) is on the eye's plane, beyond it behind.
        for m13 in [-0.1, -0.1 + 1e-9, -0.2, -1e30] {
            #expect(try draw(quad(t, tilt(m13, 0))) == nil)
        }
        // w = 1.0001 − x/10: the right corners are just in front (w = 1e-4, above the limit of
        // 1e-6 × their largest coordinate, 20) and project 2e5 pixels off the buffer; the
        // horizon is a thousandth of a local unit beyond the right side.
        let near = try #require(try draw(quad(t, tilt(-0.1, 0, m33: 1 + 1e-4))))
        #expect(near.word(x: 4, y: 8) >> 24 == 255)
    }

    @Test func nonFiniteAndHugeEntriesDeclineOrDrawValidColour() throws {
        let t = try Probe.texture(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 9) }
        let cases: [ProjectiveTransform] = [
            tilt(.nan, 0), tilt(0, .infinity), tilt(1e30, 1e30), tilt(1e-30, 0), tilt(0.01, 0, scale: 1e30),
            tilt(0.01, 0.01, scale: 1e-30), tilt(0.01, 0, m33: 1e30), tilt(-1e-300, 1e-300),
            ProjectiveTransform(m11: 1e30, m12: 1e30, m13: 1, m21: -1e30, m22: 1e30, m23: 1, m31: 5, m32: 5, m33: 1),
        ]
        for m in cases { try draw(quad(t, m)) }
        #expect(try draw(quad(t, tilt(.nan, 0))) == nil)
        // Huge and zero-area rects.
        try draw(quad(t, rect: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), tilt(1e-12, 0)))
        try draw(quad(t, rect: CGRect(x: 3, y: 3, width: 0, height: 5), tilt(0.01, 0)))
        try draw(quad(t, rect: CGRect(x: 3, y: 3, width: 1e-300, height: 5), tilt(0.01, 0)))
    }

    @Test func aOneByOneTextureFillsTheQuadInteriorWithItsTexel() throws {
        for edge in [TextureEdgeMode.clamp, .transparent] {
            for filter in [TextureFilter.nearest, .linear, .trilinear] {
                let one = try Probe.texture(width: 1, height: 1) { _, _ in (10, 20, 30) }
                let b = try #require(try draw(quad(one, tilt(0.02, -0.01, scale: 2.5), filter: filter, edge: edge)))
                // The centre samples the one texel; bilinear with transparent edges blends it with
                // the transparent texels around it, keeping its hue.
                let w = b.word(x: 12, y: 12)
                if edge == .clamp || filter == .nearest {
                    #expect(w == 0xFF0A_141E)
                } else {
                    #expect(w >> 24 > 0 && w >> 24 < 255 && (w & 0xFF) > (w >> 8 & 0xFF) && (w >> 8 & 0xFF) > (w >> 16 & 0xFF))
                }
            }
        }
    }
}
