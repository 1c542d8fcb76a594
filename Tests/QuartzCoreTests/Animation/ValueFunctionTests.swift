import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `CAValueFunction` on transform animations: inputs are interpolated, then turned into a
/// transform (https://developer.apple.com/documentation/quartzcore/cavaluefunction,
/// https://developer.apple.com/documentation/quartzcore/capropertyanimation/valuefunction).
@Suite("Value functions", .serialized)
struct ValueFunctionTests {
    func presented(_ a: CAPropertyAnimation, at t: CFTimeInterval,
                   model: CATransform3D = CATransform3DIdentity) -> CALayer {
        let (host, root) = makeHost()
        host.withClock {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            root.transform = model; root.sublayerTransform = model
            CATransaction.commit()
        }
        host.withClock { root.add(a, forKey: "f") }
        host.update(to: t)
        return host.withClock { root.presentation()! }
    }

    func close(_ m: CATransform3D, _ e: CATransform3D) -> Bool {
        (0..<4).allSatisfy { i in (0..<4).allSatisfy { j in abs(m[i, j] - e[i, j]) < 1e-9 } }
    }

    @Test func rotateZTurnsAFullCircle() {
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .rotateZ)
        a.fromValue = 0; a.toValue = 2 * Double.pi; a.duration = 1
        // ¾ of 2π = 3π/2: the matrix of a −π/2 rotation (m12 = sin = −1, m21 = 1).
        let m = presented(a, at: 0.75).transform
        #expect(close(m, CATransform3D(m11: 0, m12: -1, m13: 0, m14: 0, m21: 1, m22: 0, m23: 0, m24: 0,
                                       m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)))
        // Without the value function the same numbers are not transforms: no effect.
        a.valueFunction = nil
        #expect(presented(a, at: 0.75).transform == CATransform3DIdentity)
    }

    @Test func translateInterpolatesThreeVectors() {
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .translate)
        a.fromValue = [0, 0, 0]; a.toValue = [NSNumber(value: 10), NSNumber(value: 20), NSNumber(value: 0)]
        a.duration = 1
        #expect(close(presented(a, at: 0.5).transform, CATransform3DMakeTranslation(5, 10, 0)))
        // Malformed input (two numbers) has no effect.
        a.toValue = [10, 20]
        #expect(presented(a, at: 0.5).transform == CATransform3DIdentity)
    }

    @Test func missingFromIsTheIdentityInput() {
        let s = CABasicAnimation(keyPath: "sublayerTransform")
        s.valueFunction = CAValueFunction(name: .scaleX)
        s.toValue = 3; s.duration = 1                     // from 1 (identity scale) to 3
        #expect(close(presented(s, at: 0.5).sublayerTransform, CATransform3DMakeScale(2, 1, 1)))
    }

    @Test func keyframeValuesAndAdditive() {
        let k = CAKeyframeAnimation(keyPath: "transform")
        k.valueFunction = CAValueFunction(name: .translateY)
        k.values = [0, 100, 40]; k.keyTimes = [0, 0.5, 1]; k.duration = 1
        #expect(close(presented(k, at: 0.75).transform, CATransform3DMakeTranslation(0, 70, 0)))
        // Additive: the function's transform comes before the model's scale (2): ty 70 → 140.
        k.isAdditive = true
        let m = presented(k, at: 0.75, model: CATransform3DMakeScale(2, 2, 1)).transform
        #expect(close(m, CATransform3DConcat(CATransform3DMakeTranslation(0, 70, 0), CATransform3DMakeScale(2, 2, 1))))
        #expect(abs(m.m42 - 140) < 1e-9)
    }

    @Test func cumulativeRotationKeepsTurning() {
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .rotateX)
        a.fromValue = 0; a.toValue = Double.pi / 2; a.duration = 1
        a.repeatCount = 2; a.isCumulative = true
        // Second iteration half way: π/2 + π/4 = 3π/4 about x.
        #expect(close(presented(a, at: 1.5).transform, CATransform3DMakeRotation(3 * .pi / 4, 1, 0, 0)))
    }
}
