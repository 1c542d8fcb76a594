import Foundation
import CoreGraphics
import QuartzCore

/// Makes the layers of one paint item over a set of paths.
struct Painter {
    let factory: AnimationFactory
    let paths: [PathSource]
    let trim: ShapeGroupBuilder.Trim?

    /// The combined path of all sources at frame `f`.
    func path(at f: Double) -> CGPath {
        let p = CGMutablePath()
        for s in paths { s.append(to: p, at: f) }
        return p
    }

    /// Sets `keyPath` (a path) on `layer`: fixed, animated along the one track it depends on
    /// (a path morph with that track's keyframe timing), or sampled per frame.
    func applyPath(to layer: CALayer, keyPath: String = "path") {
        let timings = paths.flatMap(\.animatedTimings)
        if timings.isEmpty {
            layer.setValue(path(at: 0), forKeyPath: keyPath)
        } else if timings.count == 1, timings[0].linear, factory.clock.map == nil,
                  timings[0].timing.count <= AnimationFactory.maximumKeyframes {
            // Each keyframe's value becomes its index into the paths made at the keyframe times.
            var ks = timings[0].timing
            for i in ks.indices { ks[i].value = [Double(i)] }
            let made = ks.map { path(at: $0.time) }
            layer.setValue(made[0], forKeyPath: keyPath)
            layer.add(factory.keyframeAnimation(ks, keyPath: keyPath) { made[Int($0[0])] }, forKey: keyPath)
        } else {
            factory.applySampled(to: layer, keyPath: keyPath) { f in path(at: f) }
        }
    }

    /// The bounding box of the path over its keyframes (a few samples), for gradient frames.
    func extent() -> CGRect {
        var times: Set<Double> = [0]
        for t in paths.flatMap(\.animatedTimings) { for k in t.timing.prefix(64) { times.insert(k.time) } }
        var r = CGRect.null
        for t in times {
            let b = path(at: t).boundingBoxOfPath
            if !b.isNull { r = r.union(b) }
        }
        return r.isNull ? .zero : r
    }

    func fill(_ p: LottieShapeItem.Paint) -> CALayer {
        let l = CAShapeLayer()
        l.strokeColor = nil
        l.fillRule = p.evenOdd ? .evenOdd : .nonZero
        applyPath(to: l)
        factory.apply(p.color, to: l, keyPath: "fillColor") { LottieValues.color($0) }
        factory.apply(p.opacity, to: l, keyPath: "opacity", LottieValues.percent)
        return l
    }

    func stroke(_ p: LottieShapeItem.Paint, _ s: LottieShapeItem.Stroke) -> [CALayer] {
        let make = { () -> CAShapeLayer in
            let l = CAShapeLayer()
            l.fillColor = nil
            self.applyPath(to: l)
            self.factory.apply(p.color, to: l, keyPath: "strokeColor") { LottieValues.color($0) }
            self.factory.apply(p.opacity, to: l, keyPath: "opacity", LottieValues.percent)
            self.applyStroke(s, to: l)
            return l
        }
        return trimmed(make)
    }

    func applyStroke(_ s: LottieShapeItem.Stroke, to l: CAShapeLayer) {
        factory.apply(s.width, to: l, keyPath: "lineWidth") { NSNumber(value: max($0.first ?? 1, 0)) }
        l.lineCap = [1: .butt, 2: .round, 3: .square][s.cap] ?? .round
        l.lineJoin = [1: .miter, 2: .round, 3: .bevel][s.join] ?? .round
        l.miterLimit = CGFloat(s.miterLimit)
        if !s.dashes.isEmpty, s.dashes.contains(where: { $0 > 0 }) {
            l.lineDashPattern = (s.dashes.count % 2 == 1 ? s.dashes + s.dashes : s.dashes).map { NSNumber(value: $0) }
            l.lineDashPhase = CGFloat(s.dashOffset)
        }
    }

    /// `make()` with the trim applied: `strokeStart`/`strokeEnd` from the trim's start and end
    /// (percent), turned by its offset (degrees, 360 = once around); a range that wraps past
    /// the path's end is drawn by a second layer from the start.
    func trimmed(_ make: () -> CAShapeLayer) -> [CALayer] {
        let l = make()
        guard let t = trim else { return [l] }
        if !t.offset.isAnimated && (t.offset.first.first ?? 0) == 0 {
            if !t.start.isAnimated && !t.end.isAnimated {
                let s = (t.start.first.first ?? 0) / 100, e = (t.end.first.first ?? 100) / 100
                l.strokeStart = CGFloat(min(max(min(s, e), 0), 1)); l.strokeEnd = CGFloat(min(max(max(s, e), 0), 1))
                return [l]
            }
            let ordered = t.start.keyframes.map(\.value) + [t.start.first]
            let ends = t.end.keyframes.map(\.value) + [t.end.first]
            let maxStart = ordered.compactMap(\.first).max() ?? 0, minEnd = ends.compactMap(\.first).min() ?? 100
            if maxStart <= minEnd {
                factory.apply(t.start, to: l, keyPath: "strokeStart") { NSNumber(value: min(max(($0.first ?? 0) / 100, 0), 1)) }
                factory.apply(t.end, to: l, keyPath: "strokeEnd") { NSNumber(value: min(max(($0.first ?? 100) / 100, 0), 1)) }
                return [l]
            }
        }
        func range(_ f: Double) -> (Double, Double) {
            var s = t.start.scalar(at: f) / 100, e = t.end.scalar(at: f) / 100
            if s > e { swap(&s, &e) }
            s = min(max(s, 0), 1); e = min(max(e, 0), 1)
            let o = t.offset.scalar(at: f) / 360
            let shift = o - o.rounded(.down)
            return (s + shift, e + shift)
        }
        if !t.start.isAnimated && !t.end.isAnimated && !t.offset.isAnimated {
            let (s, e) = range(0)
            l.strokeStart = CGFloat(min(s, 1)); l.strokeEnd = CGFloat(min(e, 1))
            guard e > 1 else { return [l] }
            let w = make()
            w.strokeStart = 0; w.strokeEnd = CGFloat(e - 1)
            return [l, w]
        }
        factory.applySampled(to: l, keyPath: "strokeStart") { f in NSNumber(value: min(range(f).0, 1)) }
        factory.applySampled(to: l, keyPath: "strokeEnd") { f in NSNumber(value: min(range(f).1, 1)) }
        let w = make()
        w.strokeStart = 0
        factory.applySampled(to: w, keyPath: "strokeEnd") { f in NSNumber(value: max(range(f).1 - 1, 0)) }
        return [l, w]
    }
}
