import Testing
import CoreGraphics
@testable import QuartzCore

/// Occlusion culling drops what opaque quads hide, clips what they half hide, and never
/// changes a pixel.
@Suite("Occlusion culling")
struct OcclusionTests {
    let size = 64
    var bounds: CGRect { CGRect(x: 0, y: 0, width: size, height: size) }
    let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    let half = PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)

    func pass(_ quads: [DrawQuad]) -> [RenderPass] { [RenderPass(id: RenderPassID(0), width: size, height: size, quads: quads)] }

    /// The frame drawn from `passes` culled and not culled: both must be the same words.
    func drawBothWays(_ passes: [RenderPass]) throws -> (culled: PixelBuffer, full: PixelBuffer) {
        var a = try #require(PixelBuffer(width: size, height: size)), b = a
        try CPUCompositor(threadCount: 1).draw(Occlusion.cull(passes, clearing: nil).passes, into: &a)
        try CPUCompositor(threadCount: 1).draw(passes, into: &b)
        return (a, b)
    }

    func opaqueTexture(alphaAt00: UInt8 = 255) throws -> TextureResource {
        var words = (0..<(16 * 16)).map { UInt32(0xFF00_0000) | UInt32($0 * 997 % 0xFFFFFF) }
        words[0] = UInt32(alphaAt00) << 24
        return try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: 16, height: 16, bytesPerRow: 64) })
    }

    @Test func aQuadUnderAnOpaqueQuadIsNotDrawnAndThePixelsAreUnchanged() throws {
        let passes = pass([.solidColor(CGRect(x: 10, y: 10, width: 20, height: 20), half),
                           .solidColor(CGRect(x: 5, y: 5, width: 40, height: 40), red)])
        let culled = Occlusion.cull(passes, clearing: nil).passes
        #expect(culled[0].quads.count == 1)
        let (a, b) = try drawBothWays(passes)
        #expect(a.words == b.words)
        #expect(a.pixel(x: 20, y: 20) == b.pixel(x: 20, y: 20) && a.pixel(x: 20, y: 20).r == 255)
    }

    @Test func translucentRotatedOrRoundedQuadsHideNothing() throws {
        let under = DrawQuad.solidColor(CGRect(x: 10, y: 10, width: 20, height: 20), red)
        let translucent = DrawQuad.solidColor(CGRect(x: 0, y: 0, width: 64, height: 64), half)
        let faded = DrawQuad.solidColor(CGRect(x: 0, y: 0, width: 64, height: 64), red, state: SharedQuadState(opacity: 0.99))
        let rotated = DrawQuad.solidColor(CGRect(x: -40, y: -40, width: 80, height: 80), red,
                                          state: SharedQuadState(transform: ProjectiveTransform(
                                            CGAffineTransform(rotationAngle: 0.1).translatedBy(x: 32, y: 32))))
        let rounded = DrawQuad.roundedRect(CGRect(x: 0, y: 0, width: 64, height: 64), radii: CornerRadii(uniform: 8), red)
        for top in [translucent, faded, rotated, rounded] {
            #expect(Occlusion.cull(pass([under, top]), clearing: nil).passes[0].quads.count == 2)
        }
    }

    @Test func anOpaqueTextureHidesAndOneTranslucentTexelKeepsWhatIsBelow() throws {
        let under = DrawQuad.solidColor(CGRect(x: 10, y: 10, width: 20, height: 20), red)
        let scale = SharedQuadState(transform: .scale(x: 2.5, y: 2.5))
        let opaque = DrawQuad.texture(CGRect(x: 0, y: 0, width: 16, height: 16), try opaqueTexture(), state: scale)
        #expect(Occlusion.cull(pass([under, opaque]), clearing: nil).passes[0].quads.count == 1)
        let (a, b) = try drawBothWays(pass([under, opaque]))
        #expect(a.words == b.words)
        let holed = DrawQuad.texture(CGRect(x: 0, y: 0, width: 16, height: 16), try opaqueTexture(alphaAt00: 0), state: scale)
        #expect(Occlusion.cull(pass([under, holed]), clearing: nil).passes[0].quads.count == 2)
        var transparentEdges = opaque
        transparentEdges.material = .texture(try opaqueTexture(), sourceRect: CGRect(x: 0, y: 0, width: 16, height: 16),
                                             filter: .linear, edge: .transparent)
        #expect(Occlusion.cull(pass([under, transparentEdges]), clearing: nil).passes[0].quads.count == 2)
    }

    @Test func aQuadHalfUnderAnOpaqueQuadIsClippedToTheRest() throws {
        let under = DrawQuad.solidColor(CGRect(x: 10, y: 10, width: 20, height: 40), half)
        let top = DrawQuad.solidColor(CGRect(x: 0, y: 30, width: 64, height: 34), red)
        let culled = Occlusion.cull(pass([under, top]), clearing: nil).passes[0].quads
        #expect(culled.count == 2)
        #expect(culled[0].state.clip == CGRect(x: 9, y: 9, width: 22, height: 21))
        let (a, b) = try drawBothWays(pass([under, top]))
        #expect(a.words == b.words)
    }

    @Test func theClearUnderAnOpaqueQuadIsSkippedOrCut() {
        let top = DrawQuad.solidColor(CGRect(x: 0, y: 0, width: 64, height: 32), red)
        #expect(Occlusion.cull(pass([top]), clearing: CGRect(x: 0, y: 0, width: 64, height: 20)).clear == nil)
        #expect(Occlusion.cull(pass([top]), clearing: CGRect(x: 0, y: 10, width: 64, height: 40)).clear
                == CGRect(x: 0, y: 32, width: 64, height: 18))
        #expect(Occlusion.cull(pass([]), clearing: bounds).clear == bounds)
    }

    @Test func aDamagedFrameIsTheSameWithAndWithoutCulling() throws {
        // The producer's path: damage restricts (clips every quad), culling drops the hidden ones.
        func frame(_ x: Double) -> [RenderPass] {
            pass([.solidColor(bounds, red),
                  .texture(CGRect(x: 0, y: 0, width: 16, height: 16), try! opaqueTexture(),
                           state: SharedQuadState(transform: .scale(x: 4, y: 4))),
                  .solidColor(CGRect(x: x, y: 20, width: 10, height: 10), half)])
        }
        let damage = Damage.region(old: frame(10), new: frame(13.5), bounds: bounds)
        let restricted = Damage.restrict(frame(13.5), to: damage)
        let (passes, clear) = Occlusion.cull(restricted, clearing: damage)
        #expect(clear == nil)
        #expect(passes[0].quads.count == 2)
        let (a, b) = try drawBothWays(restricted)
        #expect(a.words == b.words)
    }
}
