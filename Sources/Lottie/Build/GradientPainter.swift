import Foundation
import CoreGraphics
import QuartzCore

extension Painter {
    /// A gradient fill or stroke (https://lottiefiles.github.io/lottie-docs/shapes/#gradients):
    /// a `CAGradientLayer` over the path's extent, masked by the filled or stroked path. Colour
    /// stops come first in the stop list (offset, r, g, b), then opacity stops (offset, a);
    /// radial gradients are circles through the end point (the highlight is not drawn).
    func gradient(_ g: LottieShapeItem.Gradient, stroke: LottieShapeItem.Stroke?) -> CALayer {
        var frame = extent()
        if let stroke { let w = CGFloat(stroke.width.first.first ?? 1) * 2; frame = frame.insetBy(dx: -w, dy: -w) }
        if frame.width < 1 || frame.height < 1 { frame = frame.insetBy(dx: -1, dy: -1) }
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.frame = frame
        layer.type = g.radial ? .radial : .axial
        let n = g.colorStopCount
        factory.apply(g.stops, to: layer, keyPath: "colors") { Self.stops($0, count: n).map(\.1) }
        factory.apply(g.stops, to: layer, keyPath: "locations") { Self.stops($0, count: n).map { NSNumber(value: $0.0) } }
        func unit(_ p: [Double]) -> CGPoint {
            let q = LottieValues.point(p)
            return CGPoint(x: (q.x - frame.minX) / frame.width, y: (q.y - frame.minY) / frame.height)
        }
        func end(_ s: [Double], _ e: [Double]) -> CGPoint {
            guard g.radial else { return unit(e) }
            let a = LottieValues.point(s), b = LottieValues.point(e)
            let r = hypot(b.x - a.x, b.y - a.y)
            let c = unit(s)
            return CGPoint(x: c.x + r / frame.width, y: c.y + r / frame.height)
        }
        if g.start.isAnimated || g.end.isAnimated {
            factory.applySampled(to: layer, keyPath: "startPoint") { f in unit(g.start.value(at: f)) }
            factory.applySampled(to: layer, keyPath: "endPoint") { f in end(g.start.value(at: f), g.end.value(at: f)) }
        } else {
            layer.startPoint = unit(g.start.first)
            layer.endPoint = end(g.start.first, g.end.first)
        }
        factory.apply(g.opacity, to: layer, keyPath: "opacity", LottieValues.percent)
        // The mask: the path in the gradient layer's own coordinates.
        let holder = CALayer()
        holder.anchorPoint = .zero
        holder.bounds = CGRect(origin: frame.origin, size: frame.size)
        let shapes: [CALayer]
        if let stroke {
            shapes = trimmed {
                let l = CAShapeLayer()
                l.fillColor = nil
                l.strokeColor = CGColor(gray: 0, alpha: 1)
                self.applyPath(to: l)
                self.applyStroke(stroke, to: l)
                return l
            }
        } else {
            let l = CAShapeLayer()
            l.fillColor = CGColor(gray: 0, alpha: 1)
            l.fillRule = g.evenOdd ? .evenOdd : .nonZero
            applyPath(to: l)
            shapes = [l]
        }
        for s in shapes { holder.addSublayer(s) }
        layer.mask = holder
        return layer
    }

    /// (location, colour) pairs of a Lottie gradient stop list with `count` colour stops.
    static func stops(_ v: [Double], count: Int) -> [(Double, CGColor)] {
        let n = min(count, v.count / 4)
        guard n > 0 else { return [(0, CGColor(gray: 0, alpha: 1)), (1, CGColor(gray: 0, alpha: 1))] }
        let alphaValues = Array(v.dropFirst(4 * n))
        let alphas: [(Double, Double)] = stride(from: 0, to: alphaValues.count - 1, by: 2).map { (alphaValues[$0], alphaValues[$0 + 1]) }
        func alpha(at x: Double) -> Double {
            guard let first = alphas.first, let last = alphas.last else { return 1 }
            if x <= first.0 { return first.1 }
            if x >= last.0 { return last.1 }
            for i in 0..<(alphas.count - 1) where x <= alphas[i + 1].0 {
                let a = alphas[i], b = alphas[i + 1]
                return b.0 > a.0 ? a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0) : b.1
            }
            return last.1
        }
        return (0..<n).map { i in
            let x = v[4 * i]
            return (x, LottieValues.color([v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]], alpha: alpha(at: x)))
        }
    }
}
