import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Animated emitter properties reach the particles through the commit and the evaluator.
@Suite("Emitter animation", .serialized)
struct EmitterAnimationTests {
    @Test func movingEmitterLeavesATrail() throws {
        let support = EmitterRenderTests()
        let (root, e) = support.scene()
        e.emitterCells = e.emitterCells.map { cells in cells.map { c in c.velocity = 0; return c } }
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 20)))
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "emitterPosition")
        a.fromValue = NSValue(point: CGPoint(x: 10, y: 10)); a.toValue = NSValue(point: CGPoint(x: 90, y: 10))
        a.duration = 4; a.beginTime = 0.001
        r.host.withClock { e.add(a, forKey: "move") }
        let f = try #require(r.frame(at: 3.5))
        dump(f, "emitter-trail")
        // Still particles born at 1, 2, 3 s where the emitter was then: x = 10 + 20 t (± the
        // 1 ms begin); the first, born at 0 before the animation, at x = 10.
        for x in [10, 30, 50, 70] { #expect(f.rgba(x, 10) == .red, "x = \(x)") }
        #expect(f.rgba(80, 10) == .clear && f.rgba(40, 10) == .clear)
        #expect(r.host.withClock { (e.presentation() as CAEmitterLayer?)?.emitterPosition.x ?? 0 } > 75)
    }
}

/// masksToBounds clips particles to the emitter's bounds.
@Suite("Emitter clipping", .serialized)
struct EmitterClipTests {
    @Test func masksToBoundsCutsParticlesAtTheBounds() throws {
        let support = EmitterRenderTests()
        let (root, e) = support.scene()
        e.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        e.masksToBounds = true
        let f = support.render(root, at: [2.5])
        // Particles at x = 20 and 40 (inside), 60 (outside the 50-point bounds).
        #expect(f.rgba(20, 10) == .red && f.rgba(40, 10) == .red)
        #expect(f.rgba(60, 10) == .clear)
    }
}

/// `render(in:)` draws particles on both paths alike (at the model's time 0: the particles
/// born at 0, at the emitter).
@Suite("Emitter render(in:)", .serialized)
struct EmitterRenderInContextTests {
    @Test func vectorAndImagePathsAgree() {
        let support = EmitterRenderTests()
        let (root, _) = support.scene()
        let (v, i) = VectorCompare.both(root, 100, 20)
        // The particle born at 0 sits on the emitter at (10, 10), y up in a bitmap context.
        #expect(VectorCompare.px(i, 10, 9) == .red)
        #expect(VectorCompare.px(v, 10, 9).near(.red, 3))
        #expect(VectorCompare.difference(v, i, tolerance: 8).over < 10)
    }
}

extension EmitterRenderInContextTests {
    @Test func particlesAreDrawnAboveTheBorderAndClippedOnBothPaths() {
        let support = EmitterRenderTests()
        let (root, e) = support.scene()
        e.emitterCells = e.emitterCells.map { $0.map { c in c.velocity = 0; return c } }
        e.frame = CGRect(x: 0, y: 0, width: 12, height: 20)
        e.borderWidth = 3; e.borderColor = color(0, 0, 1)
        e.masksToBounds = true
        let (v, i) = VectorCompare.both(root, 100, 20)
        // The particle (8…12 in x) covers the right border (9…12): red over blue; the part past
        // the 12-point bounds is cut.
        for ctx in [v, i] {
            #expect(VectorCompare.px(ctx, 10, 9).near(.red, 3))
            #expect(VectorCompare.px(ctx, 1, 9).near(.blue, 3))
            #expect(VectorCompare.px(ctx, 12, 9) == .clear)
        }
    }
}

extension EmitterAnimationTests {
    @Test func cellKeyPathAnimationChangesTheDrawnCell() throws {
        let support = EmitterRenderTests()
        let (root, e) = support.scene()
        e.emitterCells = e.emitterCells.map { $0.map { c in c.name = "dot"; return c } }
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 20)))
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "emitterCells.dot.velocity")
        a.fromValue = 40; a.toValue = 40; a.duration = 10; a.beginTime = 0.001
        r.host.withClock { e.add(a, forKey: "speed") }
        let f = try #require(r.frame(at: 1.5))
        // Velocity 40 instead of 20: particles born at 0 and 1 at x = 10 + 40 × (1.5, 0.5).
        #expect(f.rgba(70, 10) == .red && f.rgba(30, 10) == .red)
        #expect(f.rgba(40, 10) == .clear)
        let shown = r.host.withClock { e.presentation()?.value(forKeyPath: "emitterCells.dot.velocity") as? NSNumber }
        #expect(shown?.doubleValue == 40)
        #expect(e.emitterCells?.first?.velocity == 20)   // the model keeps its cells
    }
}
