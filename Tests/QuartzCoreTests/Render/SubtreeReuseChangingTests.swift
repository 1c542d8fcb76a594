import Testing
import CoreGraphics
@testable import QuartzCore

/// FrameBuilder+Reuse: layers changed before every frame (moving sprites) are drawn without
/// being kept, so such frames make no cache entries; once they stop, they are kept and reused.
/// Frames are the same as when nothing is reused.
@Suite("Subtree reuse of layers changed every frame", .serialized)
struct SubtreeReuseChangingTests {
    func scene() -> (CALayer, [CALayer]) {
        let root = makeRoot(120, 60)
        root.backgroundColor = color(1, 1, 1)
        var movers: [CALayer] = []
        for i in 0..<20 {
            let l = box(CGRect(x: CGFloat(i % 10) * 11, y: CGFloat(i / 10) * 25, width: 9, height: 20),
                        color(0.1 * CGFloat(i % 10), 0.4, 0.8, 0.7))
            movers.append(l); root.addSublayer(l)
        }
        return (root, movers)
    }

    @Test func layersSetEveryFrameAreNotKeptAndAreKeptOnceStill() throws {
        let (rootA, moversA) = scene(), (rootB, moversB) = scene()
        let reusing = try #require(CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 120, height: 60)))
        let fresh = try #require(CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 120, height: 60)))
        fresh.producer.reusesSubtrees = false
        let cache = reusing.producer.subtrees
        for n in 0..<9 {
            if (1...5).contains(n) {   // every layer moves by a third of a pixel before frames 1…5
                for (r, movers) in [(reusing, moversA), (fresh, moversB)] {
                    r.host.withClock {
                        CATransaction.begin(); CATransaction.setDisableActions(true)
                        for l in movers { l.position.x += 1.0 / 3 }
                        CATransaction.commit()
                    }
                }
            }
            cache.resetCounters()
            let t = Double(n) / 10
            let a = try #require(reusing.frame(at: t)), b = try #require(fresh.frame(at: t))
            #expect(a.words == b.words, "frame \(n)")
            switch n {
            case 0, 1:
                // No frame yet saw a layer change twice in a row: the layers, their run and the
                // root are kept as always.
                #expect(cache.stores > 0, "frame \(n): \(cache.stores) stores")
            case 2...5:
                // Changed before this frame and the previous one: drawn, nothing kept.
                #expect(cache.stores == 0 && cache.hits == 0, "frame \(n): \(cache.stores) stores, \(cache.hits) hits")
            case 6:
                // Unchanged since frame 5: kept again.
                #expect(cache.stores > 0, "frame 6: \(cache.stores) stores")
            default:
                // The whole still tree is one reuse.
                #expect(cache.hits == 1 && cache.misses == 0 && cache.stores == 0,
                        "frame \(n): \(cache.hits) hits, \(cache.misses) misses, \(cache.stores) stores")
            }
        }
    }

    /// The serials behind the rule: a snapshot made after the previous frame that replaced one
    /// made after the frame before changes every frame; the first two frames have no such pair.
    @Test func aSnapshotChangesEveryFrameOnlyWhenItAndTheOneItReplacedAreNew() throws {
        let layer = CALayer()
        layer.opacity = 0.5
        CATransaction.flush()
        _ = try #require(layer.committed)
        let frames = FrameSerials().advanced(to: LayerSnapshot.latestSerial)
        let first = try #require(layer.makeSnapshot())
        let second = try #require(layer.makeSnapshot())
        #expect(second.replacedSerial == first.serial)
        #expect(!second.changesEveryFrame(frames))   // only one frame known: never
        let later = frames.advanced(to: LayerSnapshot.latestSerial)
        let third = try #require(layer.makeSnapshot())
        #expect(!second.changesEveryFrame(later))   // made before the last frame
        #expect(third.changesEveryFrame(later))      // made after it, replacing one made after the one before
        #expect(!third.changesEveryFrame(FrameSerials()))
    }
}
