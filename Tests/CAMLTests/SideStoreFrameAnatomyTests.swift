import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
@testable import CAML

/// What a frame of the `wallpaper` benchmark's scene (SideStore, 1170×2532 px) draws, measured
/// (issue 17): the facts the CPU fast paths rely on, so a change to the scene or the builder
/// that breaks them shows here and not only as a slower benchmark.
@Suite("SideStore frame anatomy", .enabled(if: CAMLTestScenes.available))
struct SideStoreFrameAnatomyTests {
    @Test func whatEachFrameDrawsAndWhatItCosts() throws {
        let s = try CAMLTestScenes.load("SideStore")
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: s.defaultScale,
                                                 flipped: s.isFlipped))
        let bounds = CGRect(x: 0, y: 0, width: 1170, height: 2532)
        var previous: [RenderPass]?
        for n in 1...3 {
            let passes = r.makePasses(at: Double(n) / 30)
            #expect(passes.count == 1)
            let quads = passes[0].quads.array
            // The root's colour, gradient.png stretched over the screen (0.73 × 2.26 texels per
            // pixel, opaque), the logo at 1.5 px per texel, then 40 tiles of the logo at 0.6,
            // opacity 0.25, in 8 rows moving 10 px a frame: whole pixels, so a tile's
            // resampled pixels are the same in every frame.
            #expect(quads.count == 43)
            guard case .texture(let gradient, _, _, _) = quads[1].material else { Issue.record("no gradient"); return }
            #expect(gradient.width == 1600 && gradient.height == 1118 && gradient.isOpaque)
            let tiles = quads[3...]
            #expect(tiles.allSatisfy { $0.state.opacity == 0.25 })
            for q in tiles {
                let m = try #require(q.state.transform.affine)
                #expect(m.a == 3 && m.d == 3 && q.rect.size == CGSize(width: 100, height: 100))
                #expect(abs(m.tx - m.tx.rounded()) < 1e-9 && abs(m.ty - m.ty.rounded()) < 1e-9)
            }
            if let old = previous {
                // The damage is the tile rows: 95 % of the screen, whatever the tiles' alpha.
                let damage = Damage.region(old: old, new: passes, bounds: bounds)
                #expect(damage == CGRect(x: 0, y: 65, width: 1170, height: 2402))
                // Under it the root's colour is hidden by the opaque gradient, and so is the clear.
                // (Tiles wholly off screen are dropped by the damage clip already.)
                let restricted = Damage.restrict(passes, to: damage)
                let (culled, clear) = Occlusion.cull(restricted, clearing: damage)
                #expect(clear == nil)
                #expect(culled[0].quads.count == restricted[0].quads.count - 1)
                if case .solidColor = culled[0].quads[0].material { Issue.record("the root's colour is drawn") }
            }
            previous = passes
        }
    }
}
