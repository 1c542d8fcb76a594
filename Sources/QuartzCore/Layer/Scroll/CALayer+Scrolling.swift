import Foundation

// CALayer's scrolling methods, which act on the closest ancestor CAScrollLayer
// (https://developer.apple.com/documentation/quartzcore/calayer/scroll(_:),
// https://developer.apple.com/documentation/quartzcore/calayer/scrollrecttovisible(_:),
// https://developer.apple.com/documentation/quartzcore/calayer/visiblerect).

extension CALayer {
    /// The nearest superlayer (not the receiver) that is a `CAScrollLayer`.
    final var enclosingScrollLayer: CAScrollLayer? {
        var l = superlayer
        while let s = l {
            if let scroller = s as? CAScrollLayer { return scroller }
            l = s.superlayer
        }
        return nil
    }

    /// Scrolls the closest ancestor scroll layer so that `p` (points, the receiver's bounds
    /// space) lies at its bounds' origin; nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(p, to: scroller))
    }

    /// Scrolls the closest ancestor scroll layer the least distance that makes `r` (points, the
    /// receiver's bounds space) visible in it; nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(r, to: scroller))
    }

    /// The part of the receiver's bounds (its own space, points) not clipped by the closest
    /// ancestor scroll layer: the scroll layer's bounds brought into the receiver's space (their
    /// bounding box, under rotations) intersected with the receiver's bounds; `.zero` when none
    /// is visible; the bounds when there is no ancestor scroll layer.
    public var visibleRect: CGRect {
        let b = bounds
        guard let scroller = enclosingScrollLayer else { return b }
        let v = scroller.convert(scroller.bounds, to: self).intersection(b)
        return v.isNull ? .zero : v
    }
}
