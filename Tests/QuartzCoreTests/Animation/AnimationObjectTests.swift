import Testing
import QuartzCore

final class Recorder: CAAnimationDelegate {}

/// Defaults from https://developer.apple.com/documentation/quartzcore/caanimation and
/// https://developer.apple.com/documentation/quartzcore/camediatiming.
@Suite("CAAnimation objects")
struct AnimationObjectTests {
    @Test func defaults() {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.beginTime == 0 && a.duration == 0 && a.speed == 1 && a.timeOffset == 0)
        #expect(a.repeatCount == 0 && a.repeatDuration == 0 && !a.autoreverses)
        #expect(a.fillMode == .removed)
        #expect(a.isRemovedOnCompletion)
        #expect(a.timingFunction == nil && a.delegate == nil)
        #expect(!a.isAdditive && !a.isCumulative)
        #expect(CAKeyframeAnimation().calculationMode == .linear)
        #expect(CATransition().type == .fade && CATransition().endProgress == 1)
    }

    @Test func copyKeepsClassAndFields() throws {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [1, 2, 3]; a.keyTimes = [0, 0.3, 1]; a.duration = 2; a.calculationMode = .discrete
        let d = Recorder(); a.delegate = d
        let c = try #require(a.copy() as? CAKeyframeAnimation)
        #expect(c !== a)
        #expect(c.keyPath == "position.x" && c.duration == 2 && c.calculationMode == .discrete)
        #expect(c.keyTimes == [0, 0.3, 1] && c.values?.count == 3)
        #expect(c.delegate === d)   // strong reference carried over
        let s = CASpringAnimation(keyPath: "bounds"); s.damping = 3
        #expect((s.copy() as? CASpringAnimation)?.damping == 3)
    }

    @Test func groupCopiesChildren() throws {
        let g = CAAnimationGroup()
        let child = CABasicAnimation(keyPath: "opacity")
        g.animations = [child]
        let c = try #require(g.copy() as? CAAnimationGroup)
        #expect(c.animations?.count == 1 && c.animations?.first !== child)
        #expect((c.animations?.first as? CABasicAnimation)?.keyPath == "opacity")
    }

    @Test func delegateIsHeldStrongly() {
        let a = CABasicAnimation()
        weak var weakDelegate: Recorder?
        do {
            let d = Recorder(); weakDelegate = d
            a.delegate = d
        }
        #expect(weakDelegate != nil)
    }

    @Test func transitionProgressIsClamped() {
        let t = CATransition(); t.startProgress = -1; t.endProgress = 3
        #expect(t.startProgress == 0 && t.endProgress == 1)
    }
}
