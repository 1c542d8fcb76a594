import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// What the GPU backend does with input beyond the GPU: frames and textures over its size
/// limit (lowered here to 64 so the tests stay small), many quads, a context lost for
/// good. Never a crash; a sentence through `report` where drawing is degraded.
@Suite("GPU bad input", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"), .serialized)
struct GPUBadInputTests {
    static let small = try? GLCompositor(maximumTextureSize: 64)
    static let plain = try? GLCompositor()
    var gpu: GLCompositor { Self.small! }

    @Test func aFrameLargerThanTheGPUsTexturesIsDrawnInTilesWithTheCPUsPixels() throws {
        #expect(gpu.maximumTextureSize == 64)
        let image = try Probe.texture(width: 16, height: 16) { x, y in (UInt8(x * 16), UInt8(y * 16), 90) }
        let spin = SharedQuadState(transform: ProjectiveTransform(CGAffineTransform(rotationAngle: 0.4)
            .concatenating(CGAffineTransform(translationX: 80, y: 20))), opacity: 0.9)
        let quads: [DrawQuad] = [
            .solidColor(CGRect(x: 0, y: 0, width: 150, height: 100), Probe.white),
            .roundedRect(CGRect(x: 50, y: 50, width: 60, height: 40), radii: CornerRadii(uniform: 10), Probe.blue),
            .texture(CGRect(x: 0, y: 0, width: 48, height: 48), image, state: spin),   // across four tiles
        ]
        let cpu = try Probe.render(.cpu, quads, width: 150, height: 100)
        var target = try #require(PixelBuffer(width: 150, height: 100))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 150, height: 100, quads: quads)], into: &target)
        let bad = RenderPaths.mismatches(cpu.words, target.words, 150, 100)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        #expect(Probe.matches(target, 149, 99, 255, 255, 255, 255, tolerance: 0))
    }

    @Test func aTextureLargerThanTheGPUsLimitIsDrawnSmallerWithOneMessage() throws {
        // 200 × 40: left half red, right half blue; drawn from its 50 × 10 mip level.
        let texture = try Probe.texture(width: 200, height: 40) { x, _ in x < 100 ? (255, 0, 0) : (0, 0, 255) }
        let messages = Messages()
        let saved = gpu.report
        gpu.report = { messages.append($0) }
        defer { gpu.report = saved }
        for _ in 0..<2 {
            var target = try #require(PixelBuffer(width: 100, height: 20))
            try gpu.draw([RenderPass(id: RenderPassID(0), width: 100, height: 20,
                                     quads: [.texture(CGRect(x: 0, y: 0, width: 100, height: 20), texture)])], into: &target)
            #expect(Probe.matches(target, 20, 10, 255, 0, 0, 255, tolerance: 0))
            #expect(Probe.matches(target, 80, 10, 0, 0, 255, 255, tolerance: 0))
            // Pixel 50's centre is texel 25.25 of the 50-wide level: ¾ blue.
            #expect(Probe.matches(target, 50, 10, 64, 0, 191, 255, tolerance: 2))
        }
        #expect(messages.all == ["a 200 × 40 texture exceeds GL_MAX_TEXTURE_SIZE (64); drawn from its 50 × 10 mip level"])
    }

    @Test func aHundredThousandQuadsAreDrawnInBoundedBatches() throws {
        // One pixel each over a 400 × 300 frame: 8 draw calls of at most 16,384 instances
        // (3.75 MiB of instance data at a time), every pixel drawn. 10⁶ quads (62 calls) pass
        // the same way but take a minute in a debug build on a loaded machine.
        let gpu = try #require(Self.plain)
        let (w, h) = (400, 300)
        var quads: [DrawQuad] = []
        quads.reserveCapacity(w * h)
        for i in 0..<w * h {
            quads.append(.solidColor(CGRect(x: i % w, y: i / w, width: 1, height: 1),
                                     i % 2 == 0 ? Probe.green : Probe.blue))
        }
        var target = try #require(PixelBuffer(width: w, height: h))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: w, height: h, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 8)
        #expect(Probe.coveredCount(target) == w * h)
        #expect(Probe.matches(target, 398, 299, 0, 255, 0, 255, tolerance: 0))
        #expect(Probe.matches(target, 399, 299, 0, 0, 255, 255, tolerance: 0))
    }

    @Test func aContextLostForGoodThrowsAClearErrorAndTheFallbackDrawsOnTheCPU() throws {
        let own = try GLCompositor()
        let pass = RenderPass(id: RenderPassID(0), width: 8, height: 8,
                              quads: [.solidColor(CGRect(x: 0, y: 0, width: 8, height: 8), Probe.green)])
        var target = try #require(PixelBuffer(width: 8, height: 8))
        try own.draw([pass], into: &target)
        own.simulateContextLoss(permanently: true)
        target = try #require(PixelBuffer(width: 8, height: 8))
        do {
            try own.draw([pass], into: &target)
            Issue.record("a lost context with no new one drew a frame")
        } catch let error as GLError {
            guard case .contextLost = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("the OpenGL ES context was lost: eglMakeCurrent"))
            #expect(error.description.contains("a new context failed: no OpenGL ES 3 context: simulated"))
        }
        #expect(Probe.coveredCount(target) == 0)   // the failed frame left the target alone

        let messages = Messages()
        let backend = FallbackBackend(primary: own, report: { messages.append($0) })
        for _ in 0..<2 {
            target = try #require(PixelBuffer(width: 8, height: 8))
            try backend.draw([pass], into: &target)
            #expect(Probe.matches(target, 4, 4, 0, 255, 0, 255, tolerance: 0))
        }
        #expect(backend.fallbackFrames == 2)
        #expect(messages.all.count == 1)
        #expect(messages.all.first?.contains("the gpu backend failed (") == true)
        #expect(messages.all.first?.hasSuffix("drawing on the cpu instead") == true)
    }
}
