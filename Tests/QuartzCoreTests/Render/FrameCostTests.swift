import Testing
import Foundation
@testable import QuartzCore

/// Frames that cost what changed (issue 11 C): a still tree is reused in runs of siblings, the
/// damage of a frame is exactly where something changed, and animation events are found
/// from the animated layers alone — with frames equal to full rebuilds and repaints.
@Suite("Frame cost", .serialized)
struct FrameCostTests {
    /// `count` still tiles and one 10×10 dot moving along x from 5 to 395 over 1 s (y-down host).
    func scene(tiles count: Int = 200) -> (root: CALayer, tiles: [CALayer]) {
        let root = makeRoot(400, 300)
        root.backgroundColor = color(1, 1, 1)
        var tiles: [CALayer] = []
        for i in 0..<count {
            let t = box(CGRect(x: CGFloat(i % 20) * 20, y: CGFloat(i / 20 % 12) * 20, width: 18, height: 18),
                        color(0.5, 0.5, CGFloat(i % 7) / 7))
            tiles.append(t); root.addSublayer(t)
        }
        let dot = box(CGRect(x: 0, y: 250, width: 10, height: 10), color(1, 0, 0))
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 5; a.toValue = 395; a.duration = 1
        dot.add(a, forKey: "m")
        root.addSublayer(dot)
        return (root, tiles)
    }

    @Test func theDamageOfOneMovingLayerIsItsOldAndNewBounds() throws {
        let r = try #require(CAOffscreenRenderer(rootLayer: scene().root, size: CGSize(width: 400, height: 300)))
        _ = r.frame(at: 0.5)     // dot at x 195…205
        _ = r.frame(at: 0.51)    // dot at x 198.9…208.9
        // The union of both boxes (195…208.9 × 250…260), grown by a pixel, in whole pixels.
        #expect(r.lastDamage == CGRect(x: 194, y: 249, width: 16, height: 12), "damage \(r.lastDamage)")
    }

    @Test func theDamageOfAChangedStillLayerIsItsOldAndNewBounds() throws {
        let (root, tiles) = scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 400, height: 300)))
        _ = r.frame(at: 0.5)
        r.host.withClock {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            tiles[45].position.x += 3            // the tile at x 100…118, y 40…58 moves to 103…121
            CATransaction.commit()
        }
        _ = r.frame(at: 0.5)                     // the dot did not move
        #expect(r.lastDamage == CGRect(x: 99, y: 39, width: 23, height: 20), "damage \(r.lastDamage)")
    }

    @Test func stillSiblingsAreReusedAsOneRunAndFramesMatchAFullRebuild() throws {
        let (rootA, tilesA) = scene(tiles: 1000), (rootB, tilesB) = scene(tiles: 1000)
        let reusing = try #require(CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 400, height: 300)))
        let fresh = try #require(CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 400, height: 300)))
        fresh.producer.reusesSubtrees = false
        let cache = reusing.producer.subtrees
        for (n, t) in [0.0, 0.1, 0.2, 0.3, 0.4].enumerated() {
            if n == 2 {   // one tile in the middle changes: the run is drawn again, tile by tile
                for (r, tiles) in [(reusing, tilesA), (fresh, tilesB)] {
                    r.host.withClock {
                        CATransaction.begin(); CATransaction.setDisableActions(true)
                        tiles[500].backgroundColor = color(0, 1, 0)
                        CATransaction.commit()
                    }
                }
            }
            cache.resetCounters()
            let a = try #require(reusing.frame(at: t)), b = try #require(fresh.frame(at: t))
            #expect(a.words == b.words, "frame at \(t)")
            switch n {
            case 0: #expect(cache.hits == 0 && cache.runHits == 0)
            case 2: #expect(cache.runHits == 0 && cache.hits == 999, "hits \(cache.hits) runs \(cache.runHits)")
            default:
                // No still tile is visited: one run of 1,000 siblings, then the dot.
                #expect(cache.runHits == 1 && cache.hits == 0, "hits \(cache.hits) runs \(cache.runHits)")
            }
        }
    }

    @Test func eventsOfAnAnimatedLayerDeepInAStillTreeArriveAtTheirTime() throws {
        let root = makeRoot(100, 100)
        let parent = box(CGRect(x: 0, y: 0, width: 50, height: 50), color(0, 0, 1))
        parent.speed = 2                         // the child's time runs twice as fast as the host's
        for i in 0..<50 { root.addSublayer(box(CGRect(x: CGFloat(i), y: 60, width: 1, height: 1), color(0, 0, 0))) }
        root.addSublayer(parent)
        let child = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        parent.addSublayer(child)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = r.frame(at: 0)
        let log = EventLog()
        var stoppedAt: [CFTimeInterval] = []
        final class Stamp: CAAnimationDelegate {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
            func animationDidStart(_ anim: CAAnimation) {}
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { body() }
        }
        r.host.withClock {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 3   // ends at host time 1.5
            a.delegate = log
            child.add(a, forKey: "fade")
            let b = CABasicAnimation(keyPath: "position.y")
            b.fromValue = 0; b.toValue = 40; b.duration = 0.5   // ends at host time 0.25
            b.delegate = Stamp { stoppedAt.append(CACurrentMediaTime()) }
            child.add(b, forKey: "drop")
        }
        for n in 1...4 { _ = r.frame(at: Double(n) / 5) }
        #expect(log.events == ["a start"])
        #expect(stoppedAt == [0.25])             // delivered with the clock at its own time
        _ = r.frame(at: 2)
        #expect(log.events == ["a start", "a stop true"])
        #expect(child.animation(forKey: "fade") == nil)   // removed on completion
    }
}
