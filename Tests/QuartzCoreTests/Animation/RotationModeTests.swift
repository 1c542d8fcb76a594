import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `rotationMode` on keyframe animations along a path: the layer turns with the path's tangent
/// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/rotationmode,
/// https://developer.apple.com/documentation/quartzcore/caanimationrotationmode/rotateauto,
/// https://developer.apple.com/documentation/quartzcore/caanimationrotationmode/rotateautoreverse).
@Suite("Keyframe rotation mode", .serialized)
struct RotationModeTests {
    let h = 2.0.squareRoot() / 2

    func transform(along path: CGPath, _ mode: CAAnimationRotationMode?, at t: CFTimeInterval,
                   model: CATransform3D = CATransform3DIdentity) -> CATransform3D {
        let (host, root) = makeHost()
        host.withClock {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            root.transform = model
            CATransaction.commit()
        }
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path; k.rotationMode = mode; k.duration = 1
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: t)
        return host.withClock { root.presentation()!.transform }
    }

    func expectRotation(_ m: CATransform3D, cos c: Double, sin s: Double) {
        #expect(abs(Double(m.m11) - c) < 1e-9 && abs(Double(m.m12) - s) < 1e-9)
        #expect(abs(Double(m.m21) + s) < 1e-9 && abs(Double(m.m22) - c) < 1e-9)
        #expect(m.m33 == 1 && m.m44 == 1 && m.m41 == 0)
    }

    var diagonal: CGPath {
        let p = CGMutablePath(); p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 100)); return p
    }

    /// A circle of radius 50 about the origin from (50, 0) towards +y, four quarter Béziers.
    var circle: CGPath {
        let r: CGFloat = 50, k: CGFloat = 0.5522847498 * 50
        let p = CGMutablePath()
        p.move(to: CGPoint(x: r, y: 0))
        p.addCurve(to: CGPoint(x: 0, y: r), control1: CGPoint(x: r, y: k), control2: CGPoint(x: k, y: r))
        p.addCurve(to: CGPoint(x: -r, y: 0), control1: CGPoint(x: -k, y: r), control2: CGPoint(x: -r, y: k))
        p.addCurve(to: CGPoint(x: 0, y: -r), control1: CGPoint(x: -r, y: -k), control2: CGPoint(x: -k, y: -r))
        p.addCurve(to: CGPoint(x: r, y: 0), control1: CGPoint(x: k, y: -r), control2: CGPoint(x: r, y: -k))
        return p
    }

    @Test func straightLineAt45Degrees() {
        expectRotation(transform(along: diagonal, .rotateAuto, at: 0.5), cos: h, sin: h)
        expectRotation(transform(along: diagonal, .rotateAuto, at: 0), cos: h, sin: h)   // at the end point too
        expectRotation(transform(along: diagonal, .rotateAutoReverse, at: 0.5), cos: -h, sin: -h)  // + π
        expectRotation(transform(along: diagonal, nil, at: 0.5), cos: 1, sin: 0)          // nil: no turn
    }

    @Test func circleTangents() {
        // Start (50, 0), heading +y: π/2. Half way through the first quarter: 3π/4.
        expectRotation(transform(along: circle, .rotateAuto, at: 0), cos: 0, sin: 1)
        expectRotation(transform(along: circle, .rotateAuto, at: 0.125), cos: -h, sin: h)
        // At (0, 50), heading −x: π. In the third quarter's middle, heading (1, −1): −π/4.
        expectRotation(transform(along: circle, .rotateAuto, at: 0.25), cos: -1, sin: 0)
        expectRotation(transform(along: circle, .rotateAuto, at: 0.625), cos: h, sin: -h)
    }

    @Test func theLayersOwnTransformIsKept() {
        // transform × Rz(π/4) with transform = scale(2, 1): rows (2c, 2s) and (−s, c).
        let m = transform(along: diagonal, .rotateAuto, at: 0.5, model: CATransform3DMakeScale(2, 1, 1))
        #expect(abs(Double(m.m11) - 2 * h) < 1e-9 && abs(Double(m.m12) - 2 * h) < 1e-9)
        #expect(abs(Double(m.m21) + h) < 1e-9 && abs(Double(m.m22) - h) < 1e-9)
    }
}
