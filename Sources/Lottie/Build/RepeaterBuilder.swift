import Foundation
import CoreGraphics
import QuartzCore

/// A repeater (https://lottiefiles.github.io/lottie-docs/shapes/#repeater) as a
/// `CAReplicatorLayer` over the items listed before it: `copies` instances, each one step of
/// the repeater's transform further (scale and rotation about its anchor, then moved by its
/// position: `instanceTransform`), the first `offset` steps along (a fractional step scales
/// position, rotation and the scale's exponent); opacity from `startOpacity` on the first copy
/// to `endOpacity` on the last (`instanceColor` alpha and `instanceAlphaOffset`). Copies go
/// above the one before (composite 1) or below it (2: the instances run from the last copy
/// backwards). The copy count is not animatable in Core Animation: an animated one takes its
/// first value, with a warning.
struct RepeaterBuilder {
    let factory: AnimationFactory

    struct Spec: Sendable {
        var copies: VectorTrack, offset: VectorTrack, transform: LottieTransform
        var startOpacity: VectorTrack, endOpacity: VectorTrack, below: Bool
    }

    /// The replicator, and the layer inside it that receives the repeated items.
    func make(_ r: Spec) -> (replicator: CAReplicatorLayer, content: CALayer) {
        if r.copies.isAnimated { factory.log.warn("shapes", "an animated repeater copy count is drawn with its first value") }
        let n = Int(min(max((r.copies.first.first ?? 1).rounded(), 0), Double(CAReplicatorLayer.maximumInstanceCount)))
        let rep = CAReplicatorLayer()
        rep.anchorPoint = .zero
        rep.bounds = .zero
        rep.instanceCount = n
        let content = CALayer()
        content.anchorPoint = .zero
        rep.addSublayer(content)
        let below = r.below
        let t = r.transform
        func step(_ f: Double) -> CATransform3D { Self.step(t, at: f, fraction: 1) }
        // The first instance: `offset` steps along, and for "below" the last copy.
        func first(_ f: Double) -> CATransform3D {
            var m = Self.power(step(f), r.offset.scalar(at: f), partial: { Self.step(t, at: f, fraction: $0) })
            if below && n > 1 { m = CATransform3DConcat(m, Self.power(step(f), Double(n - 1), partial: { _ in CATransform3DIdentity })) }
            return m
        }
        func alphas(_ f: Double) -> (Double, Double) {
            let so = r.startOpacity.scalar(at: f) / 100, eo = r.endOpacity.scalar(at: f) / 100
            let delta = n > 1 ? (eo - so) / Double(n - 1) : 0
            return below ? (eo, -delta) : (so, delta)
        }
        let transformAnimated = t.position?.isAnimated == true || t.anchor.isAnimated || t.scale.isAnimated
            || t.rotation.isAnimated || r.offset.isAnimated
        let opacityAnimated = r.startOpacity.isAnimated || r.endOpacity.isAnimated
        let instance = { (f: Double) -> CATransform3D in below ? CATransform3DInvert(step(f)) : step(f) }
        if transformAnimated {
            factory.applySampled(to: rep, keyPath: "instanceTransform") { NSValue(caTransform3D: instance($0)) }
            factory.applySampled(to: content, keyPath: "transform") { NSValue(caTransform3D: first($0)) }
        } else {
            rep.instanceTransform = instance(0)
            content.transform = first(0)
        }
        func white(_ a: Double) -> CGColor { CGColor(srgbRed: 1, green: 1, blue: 1, alpha: CGFloat(min(max(a, 0), 1))) }
        if opacityAnimated {
            factory.applySampled(to: rep, keyPath: "instanceColor") { white(alphas($0).0) }
            factory.applySampled(to: rep, keyPath: "instanceAlphaOffset") { NSNumber(value: Float(alphas($0).1)) }
        } else {
            let (a, d) = alphas(0)
            rep.instanceColor = white(a)
            rep.instanceAlphaOffset = Float(d)
        }
        return (rep, content)
    }

    /// One step of the repeater's transform at frame `f` (a `fraction` of a step: position and
    /// rotation times it, scale to its power): scale, skew and rotation about the anchor, then
    /// the position added.
    static func step(_ t: LottieTransform, at f: Double, fraction: Double) -> CATransform3D {
        var scaled = t
        let s = t.scale.value(at: f).map { 100 * pow(max($0, 0) / 100, fraction) }
        scaled.scale = .constant(s)
        scaled.rotation = .constant([t.rotation.scalar(at: f) * fraction])
        let a = LottieValues.point(t.anchor.value(at: f))
        let p = LottieValues.point((t.position ?? .constant([0, 0])).value(at: f))
        let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, 0)
        let back = CATransform3DMakeTranslation(a.x + p.x * CGFloat(fraction), a.y + p.y * CGFloat(fraction), 0)
        return CATransform3DConcat(CATransform3DConcat(toAnchor, TransformBuilder.matrix(scaled, at: f)), back)
    }

    /// `m` applied `k` times (k may be negative or fractional: the fraction from `partial`).
    static func power(_ m: CATransform3D, _ k: Double, partial: (Double) -> CATransform3D) -> CATransform3D {
        guard k.isFinite else { return CATransform3DIdentity }
        let whole = Int(min(max(k.rounded(.towardZero), -10_000), 10_000)), frac = k - k.rounded(.towardZero)
        let unit = whole < 0 ? CATransform3DInvert(m) : m
        var out = frac == 0 ? CATransform3DIdentity
            : (frac > 0 ? partial(frac) : CATransform3DInvert(partial(-frac)))
        for _ in 0..<abs(whole) { out = CATransform3DConcat(out, unit) }
        return out
    }
}
