import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// Partial redraw on the GPU backend: after damage tracking only the damaged rectangle of the
/// kept frame is uploaded, recomposited (under a scissor) and read back, and the frame is the
/// one a full redraw gives.
@Suite("GPU partial redraw", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"), .serialized)
struct GPUPartialRedrawTests {
    static let own = try? GLCompositor()
    var gpu: GLCompositor { Self.own! }

    /// A 320 × 240 scene: a background, a grid of rounded translucent cards, one image layer.
    static func scene() throws -> (root: CALayer, mover: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<48 {
            let card = CALayer()
            card.frame = CGRect(x: 8 + (i % 8) * 39, y: 8 + (i / 8) * 38, width: 30, height: 28)
            card.cornerRadius = 5
            card.backgroundColor = CGColor(srgbRed: Double(i % 8) / 8, green: 0.6, blue: Double(i / 8) / 6, alpha: 0.8)
            root.addSublayer(card)
        }
        let mover = CALayer()
        mover.frame = CGRect(x: 100, y: 90, width: 24, height: 20)
        mover.backgroundColor = CGColor(srgbRed: 1, green: 0.9, blue: 0, alpha: 0.9)
        mover.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        root.addSublayer(mover)
        CATransaction.commit()
        return (root, mover)
    }

    @Test func aOneLayerChangeRedrawsItsRectangleWithTheFullRedrawsPixels() throws {
        let (root, mover) = try Self.scene()
        let tracked = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 320, height: 240)))
        tracked.backend = gpu
        _ = try #require(tracked.frame(at: 0))
        #expect(gpu.lastRedrawnPixels == 320 * 240)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.position.x += 7.5
        mover.backgroundColor = CGColor(srgbRed: 0.9, green: 0, blue: 0.5, alpha: 1)
        CATransaction.commit()
        let partial = try #require(tracked.frame(at: 1))
        let damage = tracked.lastDamage
        #expect(!damage.isNull && damage.width * damage.height < 320 * 240 / 10)
        #expect(gpu.lastRedrawnPixels > 0 && gpu.lastRedrawnPixels <= Int(damage.width * damage.height))

        let fresh = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 320, height: 240)))
        fresh.backend = gpu
        fresh.isDamageTrackingEnabled = false
        let full = try #require(fresh.frame(at: 1))
        #expect(gpu.lastRedrawnPixels == 320 * 240)
        let differing = zip(partial.words, full.words).filter { $0 != $1 }.count
        #expect(differing == 0)
        // The mover is where it went, the old place shows a card or the background again.
        let centre = mover.position
        #expect(Probe.matches(partial, Int(centre.x), Int(centre.y), 230, 0, 128, 255, tolerance: 3))
    }

    @Test func aFrameWithNothingChangedRedrawsNothing() throws {
        let (root, _) = try Self.scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 320, height: 240)))
        r.backend = gpu
        let first = try #require(r.frame(at: 0))
        let second = try #require(r.frame(at: 0.5))
        #expect(r.lastDamage.isNull)
        #expect(first.words == second.words)
    }

    @Test func aPassClippedToARectangleUploadsAndReadsBackOnlyThatRectangle() throws {
        // Pixels outside the clip are left exactly as the target held them (a kept frame).
        var target = try #require(PixelBuffer(width: 64, height: 64))
        for i in target.words.indices { target.words[i] = 0xFF10_2030 &+ UInt32(i % 64) }
        let before = target.words
        let clip = SharedQuadState(clip: CGRect(x: 10, y: 20, width: 16, height: 8))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 64,
                                 quads: [.solidColor(CGRect(x: 0, y: 0, width: 64, height: 64), Probe.red, state: clip)])],
                     into: &target)
        #expect(gpu.lastRedrawnPixels == 16 * 8)
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (10..<26).contains(x) && (20..<28).contains(y)
                let expected: UInt32 = inside ? 0xFFFF_0000 : before[y * 64 + x]
                #expect(target.words[y * 64 + x] == expected, "(\(x), \(y))")
                if target.words[y * 64 + x] != expected { return }
            }
        }
    }
    @Test func anOpaqueBackgroundReplacesTheTargetsPixelsAndATranslucentOneBlendsWithThem() throws {
        // Over a target full of other pixels: an opaque background's frame is the CPU's frame
        // from a clear target (the old pixels are not even uploaded); a translucent one keeps them.
        let quads: [DrawQuad] = [
            .solidColor(CGRect(x: 0, y: 0, width: 40, height: 30), PremultipliedColor(red: 0.5, green: 0.25, blue: 0.1, alpha: 1)),
            .roundedRect(CGRect(x: 5.5, y: 4, width: 20, height: 15), radii: CornerRadii(uniform: 4),
                         PremultipliedColor(red: 0, green: 0.4, blue: 0, alpha: 0.5)),
        ]
        var target = try #require(PixelBuffer(width: 40, height: 30))
        for i in target.words.indices { target.words[i] = 0xFF00_00FF &+ UInt32(i % 200) << 8 }
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 40, height: 30, quads: quads)], into: &target)
        let cpu = try Probe.render(.cpu, quads, width: 40, height: 30)
        let bad = RenderPaths.mismatches(cpu.words, target.words, 40, 30)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        #expect(Probe.matches(target, 39, 29, 128, 64, 26, 255, tolerance: 1))

        var under = try #require(PixelBuffer(width: 40, height: 30))
        for i in under.words.indices { under.words[i] = 0xFF00_00FF }   // opaque blue
        let half = DrawQuad.solidColor(CGRect(x: 0, y: 0, width: 40, height: 30),
                                       PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 40, height: 30, quads: [half])], into: &under)
        #expect(Probe.matches(under, 20, 15, 128, 0, 128, 255, tolerance: 1))
    }

    @Test func aClearedTargetIsClearedOnTheGPUAndAPaintedOneUploaded() throws {
        // A translucent quad, no opaque background: the pixels under it are read from the target.
        let quads: [DrawQuad] = [.solidColor(CGRect(x: 4, y: 4, width: 24, height: 16),
                                             PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5))]
        let pass = RenderPass(id: RenderPassID(0), width: 32, height: 24, quads: quads)
        var cleared = try #require(PixelBuffer(width: 32, height: 24))
        try gpu.draw([pass], into: &cleared)
        #expect(gpu.lastUploadedPixels == 0)
        #expect(Probe.matches(cleared, 10, 10, 0, 0, 128, 128, tolerance: 1))
        #expect(Probe.matches(cleared, 1, 1, 0, 0, 0, 0, tolerance: 0))
        // One painted pixel under the quad: the region is uploaded and the quad drawn over it.
        var painted = try #require(PixelBuffer(width: 32, height: 24))
        painted.words[10 * 32 + 10] = 0xFFFF_0000
        try gpu.draw([pass], into: &painted)
        #expect(gpu.lastUploadedPixels > 0)
        #expect(Probe.matches(painted, 10, 10, 128, 0, 128, 255, tolerance: 1))
        #expect(Probe.matches(painted, 12, 10, 0, 0, 128, 128, tolerance: 1))
    }
}
