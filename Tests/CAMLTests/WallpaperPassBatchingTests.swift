import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
@testable import CAML

/// The four real wallpapers drawn with no pass memory budget left (offscreen passes drawn in
/// the smallest batches, `CPUCompositor+PassMemory`) are byte for byte the frames drawn holding
/// every pass, over a few frames of their animations.
@Suite("Real wallpapers: pass batching keeps the pixels", .enabled(if: CAMLTestScenes.available))
struct WallpaperPassBatchingTests {
    @Test(arguments: ["GitHub", "SideStore", "Simple_Minecraft_Chest", "Spinning_Squares"])
    func batchedFramesAreTheSame(_ name: String) throws {
        func renderer(budget: Int) throws -> CAOffscreenRenderer {
            let s = try CAMLTestScenes.load(name)
            let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
            let cpu = CPUCompositor()
            cpu.passMemoryBudget = budget
            r.backend = cpu
            return r
        }
        let whole = try renderer(budget: .max), batched = try renderer(budget: 0)
        for n in [0, 7, 20] {
            let a = try #require(whole.frame(at: Double(n) / 30)), b = try #require(batched.frame(at: Double(n) / 30))
            #expect(a.words == b.words, "\(name) frame \(n)")
        }
    }
}
