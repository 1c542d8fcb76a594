import Foundation
import CoreGraphics
import QuartzCore

/// Layer masks (https://lottiefiles.github.io/lottie-docs/layers/#masks) as one Core Animation
/// mask layer: each mask is a filled `CAShapeLayer` (inverted: cut out of a large rectangle,
/// even-odd; expanded: stroked twice the expansion wide too) composited onto the ones before
/// it — add draws over, subtract with `destinationOut`, intersect with `destinationIn`. A list
/// that starts by subtracting or intersecting starts from everything.
struct MaskBuilder {
    let factory: AnimationFactory

    func mask(_ masks: [LottieMask]) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        if let first = masks.first, first.mode == .subtract || first.mode == .intersect {
            container.addSublayer(MatteBuilder.opaque())
        }
        for m in masks {
            let l = shape(m)
            switch m.mode {
            case .subtract: l.compositingFilter = CAFilter(type: "destinationOut")
            case .intersect: l.compositingFilter = CAFilter(type: "destinationIn")
            default: break
            }
            container.addSublayer(l)
        }
        return container
    }

    private func shape(_ m: LottieMask) -> CAShapeLayer {
        let l = CAShapeLayer()
        l.fillColor = CGColor(gray: 0, alpha: 1)
        let make: (Double) -> CGPath = { f in
            let p = CGMutablePath()
            if m.inverted { p.addRect(MatteBuilder.everywhere) }
            m.path.value(at: f).append(to: p)
            return p
        }
        if m.inverted { l.fillRule = .evenOdd }
        if m.path.isAnimated && factory.clock.map == nil && m.path.keyframes.count <= AnimationFactory.maximumKeyframes {
            var ks = m.path.map { _ in [Double]() }.keyframes
            for i in ks.indices { ks[i].value = [Double(i)] }
            let made = ks.map { make($0.time) }
            l.path = made[0]
            l.add(factory.keyframeAnimation(ks, keyPath: "path") { made[Int($0[0])] }, forKey: "path")
        } else if m.path.isAnimated {
            factory.applySampled(to: l, keyPath: "path") { f in make(f) }
        } else {
            l.path = make(0)
        }
        factory.apply(m.opacity, to: l, keyPath: "opacity", LottieValues.percent)
        let x = m.expansion.first.first ?? 0
        if x > 0 || m.expansion.isAnimated {
            l.strokeColor = CGColor(gray: 0, alpha: 1)
            l.lineJoin = .round
            factory.apply(m.expansion, to: l, keyPath: "lineWidth") { NSNumber(value: max(($0.first ?? 0) * 2, 0)) }
        }
        return l
    }
}
