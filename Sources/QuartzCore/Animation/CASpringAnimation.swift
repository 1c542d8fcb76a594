import Foundation

/// A basic animation driven by a spring: the value moves from `fromValue` to `toValue` by a damped
/// harmonic oscillator (see `SpringSolver`), with time measured in the animation's local seconds.
///
/// Defaults (Apple's): mass 1, stiffness 100, damping 10, initialVelocity 0,
/// allowsOverdamping false. `duration` is independent of the physics: the spring is cut off
/// (holding its value at that time) when the duration ends, as on Apple; set
/// `duration = settlingDuration` to let it come to rest.
/// Follows https://developer.apple.com/documentation/quartzcore/caspringanimation.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping = false

    public required init() { super.init() }

    /// A spring with a perceptual duration (seconds) and bounce (−1…1; 0 = critically damped,
    /// positive bounces, negative is over-damped), mass 1 — the parameterisation Apple shares with
    /// SwiftUI's `Spring(duration:bounce:)`: stiffness = (2π / duration)², damping ratio 1 − bounce
    /// (bounce ≥ 0) or 1 / (1 + bounce) (bounce < 0).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = Double(min(max(bounce.isFinite ? bounce : 0, -0.99), 1))
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / d
        mass = 1
        stiffness = CGFloat(omega * omega)
        damping = CGFloat(2 * ratio * omega)
        allowsOverdamping = ratio > 1
        duration = settlingDuration
    }

    /// The perceptual duration this spring corresponds to: 2π / ω0 (seconds).
    open var perceptualDuration: CFTimeInterval { 2 * Double.pi / solver.omega0 }

    /// The bounce this spring corresponds to (inverse of the initializer's mapping).
    open var bounce: CGFloat {
        let z = solver.zeta
        return CGFloat(z <= 1 ? 1 - z : 1 / z - 1)
    }

    /// Seconds until the spring is at rest to within 0.1 % of the change, estimated as Apple's
    /// page's examples are (2.855 s for damping 5, 1.022 s for damping 15; see `SpringSolver`).
    open var settlingDuration: CFTimeInterval { solver.settlingDuration() }

    var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping
        initialVelocity = o.initialVelocity; allowsOverdamping = o.allowsOverdamping
    }
}
