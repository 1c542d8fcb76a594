import Foundation

/// `CAKeyframeAnimation.rotationMode`: a layer moving along `path` turns to follow the path's
/// tangent (`.rotateAuto`) or the opposite direction (`.rotateAutoReverse`, the tangent + π)
/// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/rotationmode,
/// https://developer.apple.com/documentation/quartzcore/caanimationrotationmode/rotateauto).
///
/// Apple describes the effect, not the mechanism. We concatenate a rotation about z by the tangent
/// angle *after* the layer's transform (`transform × Rz(angle)`, row vectors), so the layer's own
/// transform (a scale, a flip) is kept and the turn happens in the superlayer's orientation, where
/// the path lives. The angle is `atan2(dy, dx)` of the path's direction in the superlayer's
/// coordinates (y down on the default geometry, so a path going down-right at 45° gives +π/4).
/// Rotation applies only to keyframe animations with a `path` on `position`; Apple leaves
/// `rotationMode` without a path undefined, and here it does nothing.
extension KeyframePath {
    /// The direction of travel on `s` at parameter `t`, as an angle in radians; nil where the
    /// segment has no direction (a zero-length segment).
    static func tangentAngle(on s: Segment, at t: Double) -> Double? {
        let u = 1 - t
        func d(_ p0: CGFloat, _ c1: CGFloat, _ c2: CGFloat, _ p3: CGFloat) -> Double {
            3 * (u * u * Double(c1 - p0) + 2 * t * u * Double(c2 - c1) + t * t * Double(p3 - c2))
        }
        var dx = d(s.start.x, s.c1.x, s.c2.x, s.end.x), dy = d(s.start.y, s.c1.y, s.c2.y, s.end.y)
        let scale = max(1, Double(hypot(s.end.x - s.start.x, s.end.y - s.start.y)))
        if hypot(dx, dy) < 1e-9 * scale {
            // Lines and curves with a control point on an end point have a zero derivative
            // there: use a short secant, then the chord.
            let a = point(on: s, at: max(0, t - 1e-4)), b = point(on: s, at: min(1, t + 1e-4))
            dx = Double(b.x - a.x); dy = Double(b.y - a.y)
            if hypot(dx, dy) < 1e-12 * scale {
                dx = Double(s.end.x - s.start.x); dy = Double(s.end.y - s.start.y)
            }
        }
        guard hypot(dx, dy) > 0 else { return nil }
        return atan2(dy, dx)
    }

    /// The layer transform with the rotation of `mode` at overall `fraction` on `path` applied;
    /// `transform` unchanged where the path has no direction there.
    static func rotating(_ transform: CATransform3D, along path: CGPath, keyTimes: [Double]?,
                         timingFunctions: [CAMediaTimingFunction]? = nil, calculationMode: CAAnimationCalculationMode, rotationMode: CAAnimationRotationMode,
                         fraction: Double) -> CATransform3D {
        guard let (segment, local) = locate(on: path, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                                  mode: calculationMode, fraction: fraction),
              var angle = tangentAngle(on: segment, at: local) else { return transform }
        if rotationMode == .rotateAutoReverse { angle += Double.pi }
        return CATransform3DConcat(transform, CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1))
    }
}
