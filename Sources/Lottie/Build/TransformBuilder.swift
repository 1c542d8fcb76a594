import Foundation
import CoreGraphics
import QuartzCore

/// A Lottie transform on a layer: `anchorPoint` is (0,0) and `bounds.origin` is the Lottie
/// anchor, so a content point p lands at `position + M·(p − anchor)` as in Lottie; `M` is the
/// scale then the rotation (`transform.scale.x|y`, `transform.rotation.z`), or, where the
/// decomposition those key paths go through cannot hold it (skew, 3D rotation, a negative
/// scale), the whole `transform` sampled per frame.
struct TransformBuilder {
    let factory: AnimationFactory

    func apply(_ t: LottieTransform, to layer: CALayer, size: CGSize = .zero, opacity: Bool, autoOrient: Bool = false) {
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: LottieValues.point(t.anchor.first), size: size)
        if t.anchor.isAnimated {
            factory.apply(t.anchor, to: layer, keyPath: "bounds.origin") { LottieValues.point($0) }
        }
        applyPosition(t, to: layer, autoOrient: autoOrient)
        if needsMatrix(t) {
            let fr = factory
            if isAnimated(t) {
                fr.applySampled(to: layer, keyPath: "transform") { f in NSValue(caTransform3D: Self.matrix(t, at: f)) }
            } else {
                layer.transform = Self.matrix(t, at: 0)
            }
        } else {
            factory.apply(t.scale, to: layer, keyPath: "transform.scale.x") { NSNumber(value: ($0.first ?? 100) / 100) }
            factory.apply(t.scale, to: layer, keyPath: "transform.scale.y") { NSNumber(value: ($0.count > 1 ? $0[1] : $0.first ?? 100) / 100) }
            factory.apply(t.rotation, to: layer, keyPath: "transform.rotation.z", LottieValues.radians)
        }
        if opacity { factory.apply(t.opacity, to: layer, keyPath: "opacity", LottieValues.percent) }
    }

    private func applyPosition(_ t: LottieTransform, to layer: CALayer, autoOrient: Bool) {
        guard let p = t.position else {
            if let x = t.positionX { factory.apply(x, to: layer, keyPath: "position.x") { NSNumber(value: $0.first ?? 0) } }
            if let y = t.positionY { factory.apply(y, to: layer, keyPath: "position.y") { NSNumber(value: $0.first ?? 0) } }
            return
        }
        let ks = p.keyframes
        let spatial = ks.dropLast().contains { k in
            (k.spatialOut ?? []).contains { $0 != 0 } || (k.spatialIn ?? []).contains { $0 != 0 }
        }
        guard ks.count >= 2, spatial || autoOrient else {
            factory.apply(p, to: layer, keyPath: "position") { LottieValues.point($0) }
            return
        }
        layer.position = LottieValues.point(ks[0].value)
        if factory.clock.map != nil || ks.contains(where: \.hold) || ks.count > AnimationFactory.maximumKeyframes {
            // Holds and remapped time do not fit one path; the motion path is sampled instead.
            factory.applySampled(to: layer, keyPath: "position") { f in LottieValues.point(p.spatialValue(at: f)) }
            return
        }
        // The motion path: one cubic per keyframe segment through the `to`/`ti` tangents.
        let path = CGMutablePath()
        path.move(to: LottieValues.point(ks[0].value))
        for i in 0..<(ks.count - 1) {
            let a = LottieValues.point(ks[i].value), b = LottieValues.point(ks[i + 1].value)
            let to = LottieValues.point(ks[i].spatialOut ?? [0, 0]), ti = LottieValues.point(ks[i].spatialIn ?? [0, 0])
            if to == .zero && ti == .zero { path.addLine(to: b) }
            else { path.addCurve(to: b, control1: CGPoint(x: a.x + to.x, y: a.y + to.y), control2: CGPoint(x: b.x + ti.x, y: b.y + ti.y)) }
        }
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        let t0 = ks[0].time, span = max(ks[ks.count - 1].time - t0, 1e-9)
        a.keyTimes = ks.map { NSNumber(value: ($0.time - t0) / span) }
        a.timingFunctions = ks.dropLast().map { AnimationFactory.timing($0) }
        if autoOrient { a.rotationMode = .rotateAuto }
        factory.finish(a, from: t0, to: ks[ks.count - 1].time)
        layer.add(a, forKey: "position")
    }

    private func isAnimated(_ t: LottieTransform) -> Bool {
        t.scale.isAnimated || t.rotation.isAnimated || (t.skew?.isAnimated ?? false) || (t.skewAxis?.isAnimated ?? false)
            || (t.rotationX?.isAnimated ?? false) || (t.rotationY?.isAnimated ?? false)
    }

    private func needsMatrix(_ t: LottieTransform) -> Bool {
        if t.hasSkew || t.rotationX != nil || t.rotationY != nil { return true }
        let scales = t.scale.isAnimated ? t.scale.keyframes.map(\.value) : [t.scale.first]
        return scales.contains { $0.prefix(2).contains { $0 < 0 } }
    }

    /// Scale, then skew, then rotation (x, y, z) of `t` at frame `f`.
    static func matrix(_ t: LottieTransform, at f: Double) -> CATransform3D {
        let s = t.scale.value(at: f)
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
        var m = CATransform3DMakeScale(CGFloat(sx), CGFloat(sy), 1)
        if let sk = t.skew {
            let skew = -sk.scalar(at: f) * .pi / 180, axis = (t.skewAxis?.scalar(at: f) ?? 0) * .pi / 180
            // Skew along the axis at `axis`: rotate the axis onto x, shear, rotate back.
            var shear = CATransform3DIdentity
            shear.m21 = CGFloat(tan(skew))
            let toAxis = CATransform3DMakeRotation(CGFloat(-axis), 0, 0, 1), back = CATransform3DMakeRotation(CGFloat(axis), 0, 0, 1)
            m = CATransform3DConcat(m, CATransform3DConcat(CATransform3DConcat(toAxis, shear), back))
        }
        if let rx = t.rotationX { m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(rx.scalar(at: f) * .pi / 180), 1, 0, 0)) }
        if let ry = t.rotationY { m = CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(ry.scalar(at: f) * .pi / 180), 0, 1, 0)) }
        return CATransform3DConcat(m, CATransform3DMakeRotation(CGFloat(t.rotation.scalar(at: f) * .pi / 180), 0, 0, 1))
    }
}
