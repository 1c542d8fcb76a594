import Testing
import Foundation
@testable import QuartzCore

/// Keyframe, spring, group and transform key-path animations through presentation()
/// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation,
/// https://developer.apple.com/documentation/quartzcore/caspringanimation,
/// https://developer.apple.com/documentation/quartzcore/caanimationgroup).
@Suite("Animation kinds", .serialized)
struct AnimationKindsTests {
    @Test func keyframePointsWithKeyTimes() {
        let (host, root) = makeHost()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [CGPoint(x: 0, y: 0), NSValue(point: CGPoint(x: 100, y: 0)), CGPoint(x: 100, y: 50)]
        k.keyTimes = [0, 0.8, 1]
        k.duration = 1
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: 0.4)
        #expect(host.withClock { root.presentation()!.position } == CGPoint(x: 50, y: 0))
        host.update(to: 0.9)
        let p = host.withClock { root.presentation()!.position }
        #expect(abs(p.x - 100) < 1e-9 && abs(p.y - 25) < 1e-9)
    }

    @Test func discreteKeyframes() {
        let (host, root) = makeHost()
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = [0.2, 0.6, 1.0]; k.calculationMode = .discrete; k.duration = 3
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: 1.5)
        #expect(host.withClock { root.presentation()!.opacity } == 0.6)
    }

    @Test func keyframesAlongAPath() {
        let (host, root) = makeHost()
        let path = CGMutablePath()
        path.move(to: .zero); path.addLine(to: CGPoint(x: 100, y: 0)); path.addLine(to: CGPoint(x: 100, y: 300))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path; k.calculationMode = .paced; k.duration = 4
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: 1)    // a quarter of 400 points of path
        #expect(host.withClock { root.presentation()!.position } == CGPoint(x: 100, y: 0))
        host.update(to: 2.5)
        let p = host.withClock { root.presentation()!.position }
        #expect(abs(p.x - 100) < 1e-6 && abs(p.y - 150) < 1e-6)
    }

    @Test func rotationKeyPathTurnsPastHalfATurn() {
        let (host, root) = makeHost()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 1
        host.withClock { root.add(spin, forKey: "spin") }
        host.update(to: 0.375)     // 3/8 of a turn = 3π/4
        let angle = host.withClock { root.presentation()!.value(forKeyPath: "transform.rotation.z") as? NSNumber }
        #expect(abs((angle?.doubleValue ?? 0) - 3 * Double.pi / 4) < 1e-9)
        host.update(to: 0.75)      // 3π/2 ≡ −π/2
        let t = host.withClock { root.presentation()!.transform }
        #expect(abs(t.m11) < 1e-9 && abs(t.m12 + 1) < 1e-9)
    }

    @Test func transformValuesInterpolateDecomposed() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = CATransform3DIdentity
        a.toValue = CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), CATransform3DMakeTranslation(40, 0, 0))
        a.duration = 1
        host.withClock { root.add(a, forKey: "t") }
        host.update(to: 0.5)
        let t = host.withClock { root.presentation()!.transform }
        #expect(abs(t.m11 - 2) < 1e-9 && abs(t.m22 - 2) < 1e-9 && abs(t.m41 - 20) < 1e-9)
    }

    @Test func springFollowsTheOscillator() {
        let (host, root) = makeHost()
        let s = CASpringAnimation(keyPath: "position.y")
        s.fromValue = 0; s.toValue = 100
        s.duration = s.settlingDuration
        host.withClock { root.add(s, forKey: "s") }
        host.update(to: 0.1)
        #expect(near(host.withClock { root.presentation()!.position.y }, 34.029984660829826, 1e-9))
        host.update(to: 0.5)
        #expect(near(host.withClock { root.presentation()!.position.y }, 107.45905665950333, 1e-9))
    }

    @Test func groupRunsChildrenInItsTime() {
        let (host, root) = makeHost()
        let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0; fade.toValue = 1; fade.duration = 2
        let move = CABasicAnimation(keyPath: "position.x"); move.fromValue = 0; move.toValue = 10
        move.duration = 1; move.beginTime = 1
        let g = CAAnimationGroup(); g.animations = [fade, move]; g.duration = 1.5
        host.withClock { root.add(g, forKey: "g") }
        host.update(to: 1.25)
        #expect(host.withClock { root.presentation()!.opacity } == 0.625)
        #expect(host.withClock { root.presentation()!.position.x } == 2.5)
        host.update(to: 1.6)       // group over (removed): model values
        #expect(host.withClock { root.presentation()!.opacity } == 1)
    }

    @Test func presentationTreeMirrorsTheCommittedTree() throws {
        let (host, root) = makeHost()
        let child = CALayer(), mask = CALayer()
        host.withClock { root.addSublayer(child); root.mask = mask; child.position = CGPoint(x: 3, y: 4) }
        host.update(to: 0)
        let p = try #require(host.withClock { child.presentation() })
        #expect(p.position == CGPoint(x: 3, y: 4))
        #expect(p.model() === child)
        let pr = try #require(p.superlayer)
        #expect(pr.model() === root)
        #expect(pr.sublayers?.first?.model() === child)       // copies made on demand
        #expect(pr.sublayers?.first?.position == CGPoint(x: 3, y: 4))
        #expect(pr.mask?.model() === mask)
        #expect(p.presentation() === p)
        // Changes after the commit are not visible until the next one.
        host.withClock { CATransaction.begin(); CATransaction.setDisableActions(true); child.position = .zero; CATransaction.commit() }
        #expect(host.withClock { child.presentation()!.position } == .zero)   // explicit commit happened
        host.withClock { child.removeFromSuperlayer() }
        #expect(host.withClock { child.presentation()?.superlayer } != nil)  // not committed yet
        host.update(to: 0.1)
        #expect(host.withClock { child.presentation()?.superlayer } == nil)
    }

    @Test func customKeysAnimate() {
        let (host, root) = makeHost()
        host.withClock { root.setValue(0.0, forKey: "progress") }
        let a = CABasicAnimation(keyPath: "progress"); a.fromValue = 0; a.toValue = 10; a.duration = 1
        host.withClock { root.add(a, forKey: "p") }
        host.update(to: 0.3)
        let v = host.withClock { root.presentation()!.value(forKey: "progress") as? NSNumber }
        #expect(abs((v?.doubleValue ?? -1) - 3) < 1e-9)
    }
}
