import Foundation

/// The closed-form damped harmonic oscillator behind `CASpringAnimation`.
///
/// The animated value moves from 0 to 1 (fractions of the from → to change). With displacement
/// x = 1 − progress, `m·x'' + c·x' + k·x = 0`, x(0) = 1, x'(0) = −v0 where v0 is
/// `initialVelocity` in "distances per second" toward the target (Apple's unit).
/// ω0 = √(k/m), ζ = c / (2√(km)); under-, critically and over-damped cases are solved exactly.
public struct SpringSolver: Hashable, Sendable {
    public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    let omega0: Double, zeta: Double

    /// Non-positive or non-finite mass/stiffness become Apple's defaults (1, 100); negative
    /// damping becomes 0. When `allowsOverdamping` is false (Apple's default), ζ is capped at 1.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                allowsOverdamping: Bool = false) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        var c = damping.isFinite && damping > 0 ? damping : 0
        let critical = 2 * (k * m).squareRoot()
        if !allowsOverdamping { c = min(c, critical) }
        self.mass = m; self.stiffness = k; self.damping = c
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        omega0 = (k / m).squareRoot()
        zeta = c / critical
    }

    /// Progress (0 at the start, 1 at rest on the target; may overshoot past 1) at `t` seconds.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - displacement(at: t)
    }

    func displacement(at t: Double) -> Double {
        let v0 = -initialVelocity
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 + v0) / wd
            return exp(-zeta * omega0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return exp(-omega0 * t) * (1 + (v0 + omega0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - s), r2 = -omega0 * (zeta + s)
            let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The time after which the displacement stays within `epsilon` of rest (a fraction of the
    /// change; 0.001 by default): Apple's `settlingDuration`, "the estimated duration required
    /// for the spring system to be considered at rest"
    /// (https://developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration).
    /// An under-damped spring's displacement is `e^(−ζω0·t)·(cos ωd·t + b·sin ωd·t)`, at most
    /// `e^(−ζω0·t)·(1 + |b|)`; the estimate is when that bound reaches `epsilon`. With 0.001 it
    /// gives Apple's page's own example values, 2.855 s for damping 5 ("approximately 2.85
    /// seconds") and 1.022 s for damping 15 ("just over 1 second"), and 1.473 s for the default
    /// spring. (The tighter bound `√(1 + b²)` gives 2.776 s and 0.976 s; the last time the
    /// curve itself leaves ±0.001 jumps between oscillations and matches neither.) Critically
    /// and over-damped springs search the monotone tail for the same `epsilon`.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        if zeta <= 0 { return .infinity }
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - initialVelocity) / wd
            return max(0, log((1 + abs(b)) / epsilon) / (zeta * omega0))
        }
        // Critically/over-damped: step until within epsilon for good (the tail is monotone).
        var t = 0.0
        let step = 1 / (omega0 * 100)
        while t < 3600 {
            if abs(displacement(at: t)) < epsilon && abs(displacement(at: t + step * 10)) < epsilon { return t }
            t += step
        }
        return t
    }
}
