import Testing
import Foundation
@testable import QuartzCore

/// Frames take animated states from the producer's `AnimationTicker` (FrameAnimations): the
/// values are `presentation()`'s at the same time, the frames those of evaluating each layer
/// as it is drawn, and the ticker is rebuilt only when a commit reaches the tree.
@Suite("Frame animations", .serialized)
struct FrameAnimationsTests {
    /// A slowed, delayed parent holding a compiled mover and a keyframed (general path) bar.
    func scene() -> (root: CALayer, mover: CALayer, bar: CALayer) {
        let root = makeRoot(200, 100)
        root.backgroundColor = color(1, 1, 1)
        let parent = box(CGRect(x: 0, y: 0, width: 200, height: 100), nil)
        parent.speed = 0.5; parent.timeOffset = 0.25
        root.addSublayer(parent)
        for i in 0..<20 { parent.addSublayer(box(CGRect(x: CGFloat(i) * 10, y: 90, width: 8, height: 8), color(0, 0, 0))) }
        let mover = box(CGRect(x: 0, y: 10, width: 20, height: 20), color(1, 0, 0))
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: 10, y: 20); a.toValue = CGPoint(x: 190, y: 60); a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); a.repeatCount = .infinity
        mover.add(a, forKey: "move")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0.2; fade.duration = 0.7; fade.autoreverses = true; fade.repeatCount = 3
        mover.add(fade, forKey: "fade")
        parent.addSublayer(mover)
        let bar = box(CGRect(x: 50, y: 40, width: 10, height: 10), color(0, 0, 1))
        let k = CAKeyframeAnimation(keyPath: "bounds.size")   // keyframes on sizes: general path
        k.values = [CGSize(width: 10, height: 10), CGSize(width: 80, height: 10), CGSize(width: 20, height: 10)]
        k.duration = 1.5; k.repeatCount = .infinity
        bar.add(k, forKey: "grow")
        parent.addSublayer(bar)
        return (root, mover, bar)
    }

    @Test func tickedStatesArePresentationValuesAtTheFrameTime() throws {
        let (root, mover, bar) = scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 100)))
        for t in [0.0, 0.3, 0.85, 1.7, 2.45] {
            _ = r.frame(at: t)
            try r.host.withClock {
                for layer in [mover, bar] {
                    let p = try #require(layer.presentation())
                    let st = try #require(r.producer.animations.state(of: layer.layerID, local: p.presentationLocalTime),
                                          "no ticked state at \(t)")
                    #expect(st.position == p.position && st.opacity == p.opacity && st.bounds == p.bounds,
                            "t = \(t): \(st.position) \(st.opacity) \(st.bounds) vs \(p.position) \(p.opacity) \(p.bounds)")
                }
            }
        }
        #expect(r.producer.animations.rebuilds == 1)   // no commit reached the tree after the first frame
    }

    @Test func framesAreTheSameWithAndWithoutTheTicker() throws {
        let ticked = try #require(CAOffscreenRenderer(rootLayer: scene().root, size: CGSize(width: 200, height: 100)))
        let plain = try #require(CAOffscreenRenderer(rootLayer: scene().root, size: CGSize(width: 200, height: 100)))
        plain.producer.usesTicker = false
        for n in 0..<8 {
            let t = Double(n) * 0.37
            let a = try #require(ticked.frame(at: t)), b = try #require(plain.frame(at: t))
            #expect(a.words == b.words, "frame at \(t)")
        }
    }

    @Test func aCommitRebuildsTheTickerWithTheNewAnimations() throws {
        let (root, mover, _) = scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 100)))
        _ = r.frame(at: 0.2)
        r.host.withClock {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1
            mover.add(spin, forKey: "spin")
        }
        _ = r.frame(at: 0.6)
        #expect(r.producer.animations.rebuilds == 2)
        try r.host.withClock {
            let p = try #require(mover.presentation())
            let st = try #require(r.producer.animations.state(of: mover.layerID, local: p.presentationLocalTime))
            #expect(st.transform == p.transform && st.position == p.position)
            #expect(!CATransform3DIsIdentity(st.transform))
        }
    }
}
