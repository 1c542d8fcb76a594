import Testing
import CoreGraphics
@testable import QuartzCore

/// The vector backend hands passes with an effect (shadows, filters) to its rasterizer; a pass
/// nested in another's is drawn once per `draw`, not again for every enclosing shadow (twenty
/// nested shadowed layers made 210 shadow rasterisations, and a 3.5 s PDF page).
@Suite("Vector backend pass reuse")
struct VectorPassReuseTests {
    /// The CPU compositor, counting the shadow passes it is asked to draw.
    final class CountingRasterizer: RenderBackend {
        let inner = CPUCompositor(threadCount: 1)
        var shadowPasses = 0
        var name: String { "counting" }
        func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws {
            shadowPasses += passes.filter { $0.effect != nil }.count
            try inner.draw(passes, into: &target)
        }
    }

    /// Shared-body shadows `depth` deep, as the builder makes them: body i draws shadow i + 1,
    /// body i + 1 and a square; shadow i (an effect pass) reads body i.
    static func nestedShadowPasses(_ depth: Int) -> [RenderPass] {
        func body(_ i: Int) -> RenderPassID { RenderPassID(UInt64(2 * i + 1)) }
        func shadow(_ i: Int) -> RenderPassID { RenderPassID(UInt64(2 * i + 2)) }
        let all = CGRect(x: 0, y: 0, width: 80, height: 80)
        var passes: [RenderPass] = []
        for i in stride(from: depth - 1, through: 0, by: -1) {
            let inset = CGFloat(2 * i)
            var quads: [DrawQuad] = []
            if i + 1 < depth { quads += [.renderPassOutput(all, shadow(i + 1)), .renderPassOutput(all, body(i + 1))] }
            quads.append(.solidColor(all.insetBy(dx: inset + 10, dy: inset + 10),
                                     PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)))
            passes.append(RenderPass(id: body(i), outputRect: all, quads: quads))
            passes.append(RenderPass(id: shadow(i), outputRect: all, quads: [.renderPassOutput(all, body(i))],
                                     effect: .shadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), sigma: 2)))
        }
        passes.append(RenderPass(id: RenderPassID(1_000), outputRect: all,
                                 quads: [.renderPassOutput(all, shadow(0)), .renderPassOutput(all, body(0))]))
        return passes
    }

    @Test func eachShadowPassIsRasterizedOnce() throws {
        let counter = CountingRasterizer()
        let passes = Self.nestedShadowPasses(20)
        var vector = try #require(PixelBuffer(width: 80, height: 80))
        try VectorBackend(rasterizer: counter).draw(passes, into: &vector)
        #expect(counter.shadowPasses == 20)                  // was 20 + 19 + … + 1 = 210
        // The same pixels as the compositor's (reuse changes no pixel).
        var cpu = try #require(PixelBuffer(width: 80, height: 80))
        try CPUCompositor(threadCount: 1).draw(passes, into: &cpu)
        var worst = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let a = vector.rgba(x, y), b = cpu.rgba(x, y)
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
            }
        }
        #expect(worst <= 2, "largest channel difference \(worst)")
        #expect(cpu.rgba(40, 40).a > 0)
    }
}
