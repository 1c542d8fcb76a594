import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// Batching on the GPU backend: runs of quads that share a blend mode and a texture (solid
/// colours join any run, they sample nothing) are one instanced draw call, and drawing them
/// batched gives the CPU backend's pixels.
@Suite("GPU batching", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"), .serialized)
struct GPUBatchingTests {
    static let own = try? GLCompositor()
    var gpu: GLCompositor { Self.own! }

    @Test func solidQuadsBetweenQuadsOfOneTextureStayInItsDrawCall() throws {
        let image = try Probe.texture(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 200) }
        var quads: [DrawQuad] = [.solidColor(CGRect(x: 0, y: 0, width: 64, height: 64), Probe.white)]
        for i in 0..<64 {
            let cell = CGRect(x: (i % 8) * 8, y: (i / 8) * 8, width: 8, height: 8)
            // A layer's background, then its contents over the inner part.
            quads.append(.solidColor(cell, PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)))
            quads.append(.texture(cell.insetBy(dx: 2, dy: 2), image))
        }
        var target = try #require(PixelBuffer(width: 64, height: 64))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 64, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 1)
        let cpu = try Probe.render(.cpu, quads, width: 64, height: 64)
        let bad = RenderPaths.mismatches(cpu.words, target.words, 64, 64)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        // Background under a cell's border: white under half-transparent blue.
        #expect(Probe.matches(target, 1, 1, 128, 128, 255, 255, tolerance: 1))
    }

    @Test func aBlendModeOrASecondTextureStartsANewDrawCall() throws {
        // b is wider than the atlas keeps, so it has a texture of its own (a and a small b
        // would share an atlas page and a call, GPUAtlasTests).
        let a = try Probe.texture(width: 2, height: 2) { _, _ in (255, 0, 0) }
        let b = try Probe.texture(width: gpu.atlasSides.largestBitmap + 1, height: 2) { _, _ in (0, 255, 0) }
        let plus = SharedQuadState(blendMode: .plus)
        let quads: [DrawQuad] = [
            .texture(CGRect(x: 0, y: 0, width: 4, height: 4), a),
            .solidColor(CGRect(x: 4, y: 0, width: 4, height: 4), Probe.blue),        // joins a
            .texture(CGRect(x: 8, y: 0, width: 4, height: 4), b),                    // a new texture: 2
            .solidColor(CGRect(x: 0, y: 4, width: 12, height: 4), Probe.blue, state: plus),  // plus: 3
        ]
        var target = try #require(PixelBuffer(width: 12, height: 8))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 12, height: 8, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 3)
        #expect(Probe.matches(target, 2, 2, 255, 0, 0, 255, tolerance: 0))
        #expect(Probe.matches(target, 6, 2, 0, 0, 255, 255, tolerance: 0))
        #expect(Probe.matches(target, 10, 2, 0, 255, 0, 255, tolerance: 0))
        #expect(Probe.matches(target, 6, 6, 0, 0, 255, 255, tolerance: 0))
    }

    @Test func aFrameOfTenThousandImageLayersIsAHandfulOfDrawCalls() throws {
        // The layer tree of cabench's gpu4k scene, smaller: a background and 10,000 layers
        // sharing one image, each rotated.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        let ctx = RenderPaths.context(8, 8)
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let image = try #require(ctx.makeImage())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<10_000 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            l.contents = image
            l.position = CGPoint(x: Double(i % 100) * 4, y: Double(i / 100) * 3)
            l.setAffineTransform(CGAffineTransform(rotationAngle: Double(i) * 0.01))
            root.addSublayer(l)
        }
        CATransaction.commit()
        let renderer = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 400, height: 300)))
        renderer.backend = gpu
        let frame = try #require(renderer.frame(at: 0))
        #expect(gpu.lastDrawCalls <= 2)
        // The layer at (200, 150) (index 50 × 100 + 50 … drawn last there) is orange.
        #expect(Probe.matches(frame, 200, 150, 255, 128, 0, 255, tolerance: 2))
    }
}
