import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
@testable import CAML

/// The `wallpaper` benchmark's scene (SideStore at its native 1170×2532 px) drawn with damage
/// tracking gives the same bytes as full repaints, frame after frame: its tiles slide off the
/// screen's edges, where the damage clip used to send them past the resample cache (issue 17).
@Suite("SideStore: damage-tracked frames are full repaints", .enabled(if: CAMLTestScenes.available))
struct WallpaperDamageIdentityTests {
    @Test func damageTrackedFramesEqualFullRepaints() throws {
        func renderer() throws -> CAOffscreenRenderer {
            let s = try CAMLTestScenes.load("SideStore")
            return try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: s.defaultScale,
                                                    flipped: s.isFlipped))
        }
        let tracked = try renderer(), full = try renderer()
        full.isDamageTrackingEnabled = false
        for n in 1...5 {
            let a = try #require(tracked.frame(at: Double(n) / 30)), b = try #require(full.frame(at: Double(n) / 30))
            let differing = zip(a.words, b.words).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
            #expect(differing == 0, "frame \(n): \(differing) pixels differ")
            // After the first frame only the tile rows are damaged (95 % of the screen).
            if n > 1 { #expect(tracked.lastDamage == CGRect(x: 0, y: 65, width: 1170, height: 2402)) }
        }
    }
}
