import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Cubic and cubic-paced keyframe animations through presentation()
/// (https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubic,
/// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubicpaced).
@Suite("Cubic keyframes", .serialized)
struct CubicKeyframeTests {
    func run(_ k: CAKeyframeAnimation, at t: CFTimeInterval) -> CALayer {
        let (host, root) = makeHost()
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: t)
        return host.withClock { root.presentation()! }
    }

    @Test func applesCubicExampleIsCatmullRom() {
        // Apple's example: keyTimes [0, ¼, ½, ¾, 1], values [310, 60, 120, 60, 310]. Half way through
        // the second segment: (−310 + 9·60 + 9·120 − 60) / 16 = 78.125 (linear would give 90).
        let k = CAKeyframeAnimation(keyPath: "position.y")
        k.calculationMode = .cubic
        k.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        k.values = [310, 60, 120, 60, 310]
        k.duration = 1
        #expect(near(run(k, at: 0.375).position.y, 78.125))
        #expect(near(run(k, at: 0.5).position.y, 120))       // through the key at its key time
        k.tensionValues = [0, 1, 1]                          // flat tangents at keys 1 and 2
        #expect(near(run(k, at: 0.375).position.y, 90))
    }

    @Test func cubicPacedIgnoresKeyTimesAndRunsAtConstantSpeed() {
        // Distances 10 and 20: paced key times [0, ⅓, 1]; the spline is then a straight line at
        // constant speed, so half way is 15. keyTimes and timingFunctions are ignored.
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = [0, 10, 30]; k.duration = 1
        k.keyTimes = [0, 0.9, 1]
        k.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        k.calculationMode = .cubicPaced
        #expect(abs(run(k, at: 0.5).opacity - 15) < 1e-5)
        #expect(abs(run(k, at: 0.25).opacity - 7.5) < 1e-5)
        // Plain cubic with even key times is at the middle key half way.
        k.calculationMode = .cubic; k.keyTimes = nil; k.timingFunctions = nil
        #expect(abs(run(k, at: 0.5).opacity - 10) < 1e-5)
    }

    @Test func coloursRunComponentWiseAndClamp() throws {
        let black = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let k = CAKeyframeAnimation(keyPath: "backgroundColor")
        k.calculationMode = .cubic; k.duration = 1
        // Red component 0 → 1 → 0: tangents 1 (reflected end) and 0; at s = ½: ⅛ + ½ = 0.625.
        k.values = [black, red, black]
        let c = try #require(run(k, at: 0.25).backgroundColor?.components)
        #expect(abs(c[0] - 0.625) < 1e-9 && c[1] == 0 && c[3] == 1)
        // 1 → 1 → 0 overshoots to 1.0625 at s = ½ and is clamped to 1.
        k.values = [red, red, black]
        let d = try #require(run(k, at: 0.25).backgroundColor?.components)
        #expect(d[0] == 1)
    }

    @Test func pointsRunComponentWise() {
        let k = CAKeyframeAnimation(keyPath: "position")
        k.calculationMode = .cubic; k.duration = 1
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 100), CGPoint(x: 30, y: 300), CGPoint(x: 20, y: 200)]
        let p = run(k, at: 0.5).position        // middle of segment 1: Catmull-Rom 21.25 / 212.5
        #expect(near(p.x, 21.25) && near(p.y, 212.5))
    }

    @Test func transformsFallBackToLinear() {
        let k = CAKeyframeAnimation(keyPath: "transform")
        k.calculationMode = .cubic; k.duration = 1
        k.values = [0, 10, 30].map { CATransform3DMakeTranslation($0, 0, 0) }
        #expect(near(run(k, at: 0.25).transform.m41, 5))
    }
}
