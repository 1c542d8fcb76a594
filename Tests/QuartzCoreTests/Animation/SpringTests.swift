import Testing
@testable import QuartzCore

/// CASpringAnimation defaults and physics (https://developer.apple.com/documentation/quartzcore/caspringanimation):
/// mass 1, stiffness 100, damping 10, initialVelocity 0. Expected positions come from the textbook
/// under-damped solution x(t) = e^(−ζω0t)(cos ωd t + (ζω0/ωd) sin ωd t) with ω0 = 10, ζ = 0.5.
@Suite("CASpringAnimation")
struct SpringTests {
    @Test func defaults() {
        let s = CASpringAnimation(keyPath: "position.y")
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0)
        #expect(s.keyPath == "position.y")
        #expect(!s.allowsOverdamping)
    }

    @Test func underDampedPositions() {
        let s = CASpringAnimation().solver
        #expect(abs(s.progress(at: 0.1) - 0.34029984660829826) < 1e-12)
        #expect(abs(s.progress(at: 0.5) - 1.0745905665950333) < 1e-12)
        // First overshoot peak at π/ωd with height 1 + e^(−ζπ/√(1−ζ²)).
        let wd = 10 * (0.75).squareRoot()
        #expect(abs(s.progress(at: .pi / wd) - (1 + exp(-0.5 * .pi / (0.75).squareRoot()))) < 1e-12)
        #expect(s.progress(at: 0) == 0)
    }

    @Test func settlingDurationOfDefaultSpring() {
        // ln((1 + b) / 0.001) / (ζω0) with b = ζω0 / ωd = 1/√3.
        let expected = log((1 + 1 / 3.0.squareRoot()) / 0.001) / 5
        #expect(abs(CASpringAnimation().settlingDuration - expected) < 1e-12)
        #expect(abs(expected - 1.4727) < 1e-4)
        let s = CASpringAnimation().solver
        // After settling, the spring stays within 0.1 % of the target.
        for t in stride(from: expected, to: expected + 2, by: 0.01) { #expect(abs(s.progress(at: t) - 1) < 0.001) }
    }

    /// Apple's settlingDuration page: damping 5 settles in "approximately 2.85 seconds",
    /// damping 15 in "just over 1 second"
    /// (https://developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration).
    @Test func settlingDurationMatchesApplesExample() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 640
        spring.damping = 5
        spring.duration = 2
        #expect(abs(spring.settlingDuration - 2.85) < 0.01)
        spring.damping = 15
        #expect(spring.settlingDuration > 1 && spring.settlingDuration < 1.05)
        spring.initialVelocity = -5                                     // moving away first: longer
        #expect(spring.settlingDuration > 1.05)
    }

    @Test func criticalAndOverDamping() {
        let crit = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        // x(t) = e^(−10t)(1 + 10t)
        #expect(abs(crit.progress(at: 0.2) - (1 - exp(-2) * 3)) < 1e-12)
        // Over-damping is capped to critical unless allowed.
        let capped = SpringSolver(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0)
        #expect(abs(capped.progress(at: 0.2) - crit.progress(at: 0.2)) < 1e-12)
        let over = SpringSolver(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0, allowsOverdamping: true)
        #expect(over.progress(at: 0.2) < crit.progress(at: 0.2))
        for t in stride(from: 0.0, to: 3, by: 0.05) { #expect(over.progress(at: t) <= 1) }
    }

    @Test func perceptualDurationAndBounceRoundTrip() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(s.perceptualDuration - 0.5) < 1e-9)
        #expect(abs(s.bounce - 0.3) < 1e-9)
        #expect(s.duration == s.settlingDuration)
        let flat = CASpringAnimation(perceptualDuration: 1, bounce: 0)
        #expect(abs(flat.bounce) < 1e-9)
    }
}
