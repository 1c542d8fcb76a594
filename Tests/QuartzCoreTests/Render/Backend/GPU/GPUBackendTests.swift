import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// What only the GPU backend has: batching, its texture cache, textures over the GPU's size
/// limit, a lost context. Runs where EGL starts (llvmpipe here and in CI); `BackendKind.GPU`
/// says on standard error when it cannot.
@Suite("GPU backend", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start (see the note on stderr)"),
       .serialized)
struct GPUBackendTests {
    /// This suite's own compositor (the conformance suite's shared one draws concurrently, and
    /// these tests read per-frame statistics).
    static let own = try? GLCompositor()
    var gpu: GLCompositor { Self.own! }

    @Test func tenThousandSolidQuadsAreOneDrawCall() throws {
        var quads: [DrawQuad] = []
        for i in 0..<10_000 {
            let x = CGFloat(i % 100), y = CGFloat(i / 100)
            quads.append(.solidColor(CGRect(x: x, y: y, width: 1, height: 1),
                                     PremultipliedColor(red: x / 99, green: y / 99, blue: 0, alpha: 1)))
        }
        var target = try #require(PixelBuffer(width: 100, height: 100))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 100, height: 100, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 1)
        #expect(Probe.matches(target, 99, 0, 255, 0, 0, 255, tolerance: 1))
        #expect(Probe.matches(target, 0, 99, 0, 255, 0, 255, tolerance: 1))
        #expect(Probe.matches(target, 50, 50, 129, 129, 0, 255, tolerance: 1))
        #expect(Probe.coveredCount(target) == 10_000)
    }

    @Test func quadsSharingATextureShareADrawCallAndATextureChangeStartsAnother() throws {
        // Wider than the atlas keeps (small bitmaps share a page, GPUAtlasTests): one texture each.
        let side = gpu.atlasSides.largestBitmap + 1
        let a = try Probe.texture(width: side, height: 2) { _, _ in (255, 0, 0) }
        let b = try Probe.texture(width: side, height: 2) { _, _ in (0, 0, 255) }
        var quads: [DrawQuad] = (0..<50).map { .texture(CGRect(x: $0, y: 0, width: 1, height: 1), a) }
        quads += (0..<50).map { .texture(CGRect(x: $0, y: 1, width: 1, height: 1), b) }
        var target = try #require(PixelBuffer(width: 50, height: 2))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 50, height: 2, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 2)
        #expect(Probe.matches(target, 49, 0, 255, 0, 0, 255, tolerance: 0))
        #expect(Probe.matches(target, 49, 1, 0, 0, 255, 255, tolerance: 0))
    }

    @Test func aNewGenerationReplacesTheCachedTextureOfItsID() throws {
        let id = TextureResource.makeID()
        func texture(_ g: UInt64, _ v: UInt8) throws -> TextureResource {
            let words = [UInt32](repeating: 0xFF00_0000 | UInt32(v) << 8, count: 16)
            return try #require(words.withUnsafeBytes {
                TextureResource(bytes: $0, width: 4, height: 4, bytesPerRow: 16, id: id, generation: g)
            })
        }
        let before = gpu.cachedTextures.count
        var target = try #require(PixelBuffer(width: 4, height: 4))
        for (g, v) in [(UInt64(0), UInt8(10)), (1, 200)] {
            try gpu.draw([RenderPass(id: RenderPassID(0), width: 4, height: 4,
                                     quads: [.texture(CGRect(x: 0, y: 0, width: 4, height: 4), try texture(g, v))])],
                         into: &target)
            #expect(Probe.matches(target, 2, 2, 0, Int(v), 0, 255, tolerance: 0))
        }
        #expect(gpu.cachedTextures.count == before + 1)
    }

    @Test func theTextureCacheStaysWithinItsBudget() throws {
        gpu.setTextureBudget(64 * 64 * 4 * 3)
        defer { gpu.setTextureBudget(256 << 20) }
        var target = try #require(PixelBuffer(width: 64, height: 64))
        for i in 0..<8 {
            let t = try Probe.texture(width: 64, height: 64) { _, _ in (UInt8(i * 30), 0, 0) }
            try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 64,
                                     quads: [.texture(CGRect(x: 0, y: 0, width: 64, height: 64), t)])], into: &target)
            #expect(Probe.matches(target, 10, 10, i * 30, 0, 0, 255, tolerance: 0))
        }
        #expect(gpu.cachedTextures.bytes <= 64 * 64 * 4 * 3)
    }

    @Test func aTextureWiderThanTheGPUAllowsIsDrawnFromASmallerMipLevel() throws {
        let side = gpu.maximumTextureSize + 8
        // Left half red, right half blue, 2 rows.
        let texture = try Probe.texture(width: side, height: 2) { x, _ in x < side / 2 ? (255, 0, 0) : (0, 0, 255) }
        let messages = Messages()
        let saved = gpu.report
        gpu.report = { messages.append($0) }
        defer { gpu.report = saved }
        var target = try #require(PixelBuffer(width: 64, height: 2))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 2,
                                 quads: [.texture(CGRect(x: 0, y: 0, width: 64, height: 2), texture)])], into: &target)
        #expect(Probe.matches(target, 8, 1, 255, 0, 0, 255, tolerance: 2))
        #expect(Probe.matches(target, 56, 1, 0, 0, 255, 255, tolerance: 2))
        #expect(messages.all.contains { $0.contains("exceeds GL_MAX_TEXTURE_SIZE") })
    }

    @Test func aLostContextIsMadeAgainAndTheFrameStillDrawn() throws {
        let own = try GLCompositor()
        var target = try #require(PixelBuffer(width: 8, height: 8))
        let pass = RenderPass(id: RenderPassID(0), width: 8, height: 8,
                              quads: [.solidColor(CGRect(x: 0, y: 0, width: 8, height: 8), Probe.green)])
        try own.draw([pass], into: &target)
        own.simulateContextLoss()
        target = try #require(PixelBuffer(width: 8, height: 8))
        try own.draw([pass], into: &target)
        #expect(own.recoveries == 1)
        #expect(Probe.matches(target, 4, 4, 0, 255, 0, 255, tolerance: 0))
    }

    @Test func aPassLargerThanTheGPUAllowsFallsBackToTheCPUWithAMessage() throws {
        let side = gpu.maximumTextureSize + 1
        let big = RenderPass(id: RenderPassID(1), outputRect: CGRect(x: 0, y: 0, width: side, height: 1),
                             quads: [.solidColor(CGRect(x: 0, y: 0, width: side, height: 1), Probe.red)])
        let root = RenderPass(id: RenderPassID(0), width: 4, height: 1,
                              quads: [.renderPassOutput(CGRect(x: 0, y: 0, width: 4, height: 1), RenderPassID(1))])
        var target = try #require(PixelBuffer(width: 4, height: 1))
        #expect(throws: CompositorError.passTooLarge(RenderPassID(1))) { try gpu.draw([big, root], into: &target) }
        let messages = Messages()
        let backend = FallbackBackend(primary: gpu, report: { messages.append($0) })
        try backend.draw([big, root], into: &target)
        #expect(Probe.matches(target, 2, 0, 255, 0, 0, 255, tolerance: 0))
        #expect(backend.fallbackFrames == 1)
        #expect(messages.all.count == 1 && messages.all[0].contains("drawing on the cpu instead"))
    }

    @Test func manyQuadsAreDrawnInBoundedBatches() throws {
        // 40,000 one-pixel quads: at most 16,384 instances a draw call, every pixel drawn once.
        let side = 200
        let quads = (0..<side * side).map { i in
            DrawQuad.solidColor(CGRect(x: i % side, y: i / side, width: 1, height: 1), Probe.blue)
        }
        var target = try #require(PixelBuffer(width: side, height: side))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: side, height: side, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 3)
        #expect(Probe.coveredCount(target) == side * side)
        #expect(Probe.matches(target, side - 1, side - 1, 0, 0, 255, 255, tolerance: 0))
    }
}

/// Messages collected from a report callback.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ m: String) { lock.lock(); list.append(m); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
