import Testing
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// The warp's texel positions left of its source image (`CPUCompositor+ProjectivePad`):
/// pixman 0.42's projective fetch divides such a position as unsigned, so before the padded
/// copy an antialiased edge pixel along a card's left side read some far texel.
@Suite("Projective warp, positions left of the image")
struct ProjectiveWarpPadTests {
    /// A card whose four left columns are red and the rest blue, under the clamp rule: every
    /// painted pixel whose centre maps left of the card reads the left column, red, never blue.
    @Test func leftEdgePixelsReadTheLeftColumn() throws {
        let (side, size) = (32, 96)
        let words = (0..<(side * side)).map { $0 % side < 4 ? UInt32(0xFFFF_0000) : 0xFF00_00FF }
        let texture = try #require(words.withUnsafeBytes {
            TextureResource(bytes: $0, width: side, height: side, bytesPerRow: side * 4)
        })
        let rect = CGRect(x: 0, y: 0, width: side, height: side)
        var rng = SplitMix(seed: 0x0017_BAD0)
        var checked = 0, wrong = 0
        for _ in 0..<12 {
            let m = SpanProjectiveTests.perspective(rect, yaw: rng.double(-1...1), pitch: rng.double(-0.5...0.5),
                                                    distance: rng.double(80...300), scale: 1.5, tx: 48, ty: 48)
            let q = ResolvedQuad(rect: rect, material: .texture(texture, sourceRect: rect, filter: .linear, edge: .clamp),
                                 transform: m, opacity: 1, clip: nil)
            let buffer = try #require(TextureResource(zeroedWidth: size, height: size))
            let surface = try #require(buffer.makeCairoSurface())
            let cr = cairo_create(surface)!
            CPUCompositor().drawWarped(q, into: RasterTarget(buffer), cr: cr)
            cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
            let inverse = try #require(m.inverted())
            for y in 0..<size {
                for x in 0..<size {
                    let p = buffer.word(x: x, y: y)
                    let h = inverse.homogeneous(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    guard p >> 24 > 0, h.w > 0, h.x / h.w < 0, (0...Double(side)).contains(h.y / h.w) else { continue }
                    checked += 1
                    if p & 0xFF > 2 { wrong += 1 }
                }
            }
        }
        #expect(checked >= 50)
        #expect(wrong == 0)
    }
}
