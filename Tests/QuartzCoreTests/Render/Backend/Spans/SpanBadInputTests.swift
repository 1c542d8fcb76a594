import Testing
import CoreGraphics
@testable import QuartzCore

/// The span path with numbers it must survive (the compositor's `resolve` drops non-finite
/// quads; what reaches `SpanQuad` may still be huge, tiny or far away) and the cases it leaves
/// to cairo.
@Suite("Span rasteriser bad input")
struct SpanBadInputTests {
    func quad(_ texture: TextureResource, rect: CGRect = CGRect(x: 0, y: 0, width: 10, height: 10),
              _ m: CGAffineTransform, filter: TextureFilter = .linear, edge: TextureEdgeMode = .clamp) -> ResolvedQuad {
        ResolvedQuad(rect: rect, material: .texture(texture, sourceRect: CGRect(x: 0, y: 0, width: texture.width,
                                                                                height: texture.height),
                                                    filter: filter, edge: edge),
                     transform: ProjectiveTransform(m), opacity: 1, clip: nil)
    }

    /// Draws `q` into a 32 × 32 transparent buffer; nil when the span path declines it.
    func draw(_ q: ResolvedQuad) throws -> TextureResource? {
        let buffer = try #require(TextureResource(zeroedWidth: 32, height: 32))
        guard let span = SpanQuad(q, drawable: RasterTarget(buffer).bounds) else { return nil }
        span.draw(into: RasterTarget(buffer))
        return buffer
    }

    @Test func extremeTransformsDrawNothingOrDecline() throws {
        let t = try Probe.texture(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 9) }
        let cases: [CGAffineTransform] = [
            CGAffineTransform(translationX: 1e30, y: 1e30),
            CGAffineTransform(scaleX: 1e30, y: 1e30),
            CGAffineTransform(scaleX: 1e-30, y: 1e-30),
            CGAffineTransform(a: 1e30, b: 1e30, c: -1e30, d: 1e30, tx: -1e30, ty: 5),
            CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0),
            CGAffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1e8, y: 1e8),
            CGAffineTransform(a: 1, b: 1, c: 1, d: 1 + 1e-12, tx: 0, ty: 0),   // nearly singular
        ]
        for m in cases {
            if let b = try draw(quad(t, m)) {
                // Whatever it drew is valid premultiplied colour.
                for y in 0..<32 { for x in 0..<32 {
                    let w = b.word(x: x, y: y), a = w >> 24
                    #expect((w >> 16) & 0xFF <= a && (w >> 8) & 0xFF <= a && w & 0xFF <= a)
                } }
            }
        }
        // Huge rects and zero-area rects.
        _ = try draw(quad(t, rect: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), .identity))
        _ = try draw(quad(t, rect: CGRect(x: 3, y: 3, width: 0, height: 5), .identity))
        _ = try draw(quad(t, rect: CGRect(x: 3, y: 3, width: 1e-300, height: 5), .identity))
    }

    @Test func aQuadCoveringTheBufferFromAHugeRectIsTheTexturesClampedColour() throws {
        let t = try Probe.texture(width: 1, height: 1) { _, _ in (200, 100, 50) }
        let b = try #require(try draw(quad(t, rect: CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6),
                                           CGAffineTransform(rotationAngle: 0.2))))
        for (x, y) in [(0, 0), (31, 31), (16, 5)] { #expect(b.word(x: x, y: y) == 0xFFC8_6432) }
    }

    @Test func oneByOneAndLongTexturesStayInBounds() throws {
        for edge in [TextureEdgeMode.clamp, .transparent] {
            for filter in [TextureFilter.nearest, .linear] {
                let one = try Probe.texture(width: 1, height: 1) { _, _ in (10, 20, 30) }
                let b = try #require(try draw(quad(one, CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2.5, y: 2.5)
                    .concatenating(CGAffineTransform(translationX: 16, y: 2)), filter: filter, edge: edge)))
                // The centre of the quad samples the one texel (transparent edges fade at the rim).
                #expect(b.word(x: 16, y: 17) >> 24 > 0)
                let long = try Probe.texture(width: 16384, height: 2) { x, _ in (UInt8(x & 0xFF), 0, 0) }
                let m = CGAffineTransform(rotationAngle: -0.4).scaledBy(x: 3, y: 3)
                    .concatenating(CGAffineTransform(translationX: 2, y: 20))
                _ = try #require(try draw(quad(long, rect: CGRect(x: 0, y: 0, width: 16384, height: 2), m,
                                               filter: filter, edge: edge)))
            }
        }
    }

    /// The largest square texture the issue names (16384², 1 GiB): its last texels are read
    /// exactly, by every filter and edge rule, rotated and magnified (ASan reports any read
    /// past the buffer: `swift test --sanitize=address --filter Span`).
    @Test func aTextureOf16384SquaredIsReadInBounds() throws {
        let side = 16384
        let big = try #require(TextureResource(zeroedWidth: side, height: side))
        for y in (side - 4)..<side { for x in (side - 4)..<side {
            big.base.storeBytes(of: 0xFF00_00FF, toByteOffset: y * big.stride + x * 4, as: UInt32.self)
        } }
        for edge in [TextureEdgeMode.clamp, .transparent] {
            for filter in [TextureFilter.nearest, .linear] {
                let corner = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: 32, height: 32),
                                          material: .texture(big, sourceRect: CGRect(x: side - 4, y: side - 4, width: 4, height: 4),
                                                             filter: filter, edge: edge),
                                          transform: .identity, opacity: 1, clip: nil)
                let b = try #require(try draw(corner))
                #expect(b.word(x: 16, y: 16) == 0xFF00_00FF)
                if edge == .clamp { #expect(b.word(x: 31, y: 31) == 0xFF00_00FF) }
                let whole = quad(big, rect: CGRect(x: 0, y: 0, width: side, height: side),
                                 CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.0 / 512, y: 1.0 / 512)
                                    .concatenating(CGAffineTransform(translationX: 16, y: 2)), filter: filter, edge: edge)
                _ = try draw(whole)
            }
        }
    }

    @Test func casesLeftToCairo() throws {
        let t = try Probe.texture(width: 4, height: 4) { _, _ in (1, 2, 3) }
        let target = PixelRect(x: 0, y: 0, width: 32, height: 32)
        var q = quad(t, CGAffineTransform(rotationAngle: 0.3))
        #expect(SpanQuad(q, drawable: target) != nil)
        q.blendMode = .hue   // non-separable (SpanBlendTests)
        #expect(SpanQuad(q, drawable: target) == nil)
        q.blendMode = .sourceOver
        q.roundedClip = RoundedRect(rect: q.rect, radii: CornerRadii(uniform: 3))
        #expect(SpanQuad(q, drawable: target) != nil)
        q.roundedClip = RoundedRect(rect: q.rect, radii: CornerRadii(minXMinY: 3, maxXMinY: 3, maxXMaxY: 3, minXMaxY: 3,
                                                                     continuous: true))
        #expect(SpanQuad(q, drawable: target) != nil)   // continuous corners are spans too (SpanRoundedCurve)
        q.roundedClip = nil
        q.clip = CGRect(x: 0.5, y: 0, width: 10, height: 10)
        #expect(SpanQuad(q, drawable: target) == nil)
        q.clip = nil
        var p = ProjectiveTransform(CGAffineTransform(rotationAngle: 0.3)); p.m13 = 0.001
        q.transform = p
        #expect(SpanQuad(q, drawable: target) == nil)
        // Trilinear: magnified it is bilinear on level 0; minified it keeps cairo's two-level blend.
        let big = try Probe.texture(width: 64, height: 64) { _, _ in (1, 2, 3) }
        var tri = quad(big, rect: CGRect(x: 0, y: 0, width: 64, height: 64), CGAffineTransform(scaleX: 2, y: 2),
                       filter: .trilinear)
        #expect(SpanQuad(tri, drawable: target) != nil)
        tri.rect = CGRect(x: 0, y: 0, width: 8, height: 8)
        tri.transform = .identity
        #expect(SpanQuad(tri, drawable: target) == nil)
    }
}
