import Testing
import CoreGraphics
@testable import QuartzCore

/// FrameBuilder+Reuse: static subtrees are drawn by the last frame's quads, and frames are the
/// same as when everything is drawn again.
@Suite("Subtree reuse", .serialized)
struct SubtreeReuseTests {
    /// 100 static tiles, one moving layer, one tile changed between frames.
    func scene() -> (CALayer, [CALayer], CALayer) {
        let root = makeRoot(200, 100)
        root.backgroundColor = color(1, 1, 1)
        var tiles: [CALayer] = []
        for i in 0..<100 {
            let t = box(CGRect(x: CGFloat(i % 20) * 10, y: CGFloat(i / 20) * 10, width: 8, height: 8),
                        color(0.2, CGFloat(i % 5) / 5, 0.6))
            t.cornerRadius = CGFloat(i % 3)
            tiles.append(t); root.addSublayer(t)
        }
        let group = box(CGRect(x: 20, y: 60, width: 60, height: 30), color(0, 0, 0, 0.2))
        group.addSublayer(box(CGRect(x: 5, y: 5, width: 20, height: 20), color(1, 0, 0)))
        root.addSublayer(group)
        let mover = box(CGRect(x: 0, y: 50, width: 16, height: 16), color(0, 0, 1, 0.7))
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 8; a.toValue = 192; a.duration = 1
        mover.add(a, forKey: "move")
        root.addSublayer(mover)
        return (root, tiles, group)
    }

    @Test func staticSubtreesAreReusedAndFramesMatchAFullRebuild() throws {
        let (rootA, tilesA, groupA) = scene()
        let (rootB, tilesB, groupB) = scene()
        let reusing = try #require(CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 200, height: 100)))
        let fresh = try #require(CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 200, height: 100)))
        fresh.producer.reusesSubtrees = false
        for (n, t) in [0.0, 0.1, 0.2, 0.3, 0.5].enumerated() {
            if n == 2 {   // change one tile and the group's child between frames (no implicit animations)
                CATransaction.setDisableActions(true)
                defer { CATransaction.setDisableActions(false) }
                for (tiles, group) in [(tilesA, groupA), (tilesB, groupB)] {
                    tiles[7].backgroundColor = color(1, 1, 0)
                    group.sublayers?.first?.opacity = 0.5
                }
            }
            reusing.producer.subtrees.resetCounters()
            let a = try #require(reusing.frame(at: t)), b = try #require(fresh.frame(at: t))
            #expect(a.words == b.words, "frame at \(t)")
            let cache = reusing.producer.subtrees
            if n == 0 {
                #expect(cache.hits == 0)
            } else if n == 2 {
                // The changed tile and the group (whose child changed) are drawn again; the
                // other 99 tiles are reused (the root animates through the mover, so never is).
                #expect(cache.hits == 99, "hits \(cache.hits)")
            } else {
                // 100 tiles and the group: one run of 101 still siblings.
                #expect(cache.runHits == 1 && cache.hits == 0, "hits \(cache.hits) runs \(cache.runHits)")
            }
        }
    }

    @Test func aWhollyStaticTreeIsOneReuse() throws {
        let root = makeRoot(50, 50)
        root.addSublayer(box(CGRect(x: 5, y: 5, width: 20, height: 20), color(1, 0, 0)))
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 50, height: 50)))
        let first = try #require(r.frame(at: 0)).words
        r.producer.subtrees.resetCounters()
        let second = try #require(r.frame(at: 1)).words
        #expect(r.producer.subtrees.hits == 1 && r.producer.subtrees.misses == 0)
        #expect(first == second)
    }
}
