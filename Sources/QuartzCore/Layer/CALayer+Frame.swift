// `frame`, the bounds setter and the flip parity.

extension CALayer {
    /// The bounding box of the bounds mapped by the layer's own transform about its anchor point
    /// and placed at `position` (the superlayer's sublayerTransform is not included, as on Apple).
    /// Under a perspective transform the corners are projected; if a corner falls behind the
    /// eye (w ≤ 0) the frame is `CGRect.null`.
    final var computedFrame: CGRect {
        let s = state
        if s.transform == CATransform3DIdentity {
            let a = s.anchorPoint
            return CGRect(x: s.position.x - a.x * s.bounds.width, y: s.position.y - a.y * s.bounds.height,
                          width: s.bounds.width, height: s.bounds.height)
        }
        return Homography(s.localTransform).boundingBox(of: s.bounds) ?? .null
    }

    /// Apple's frame setter: sets `position` and `bounds.size` so that the frame reads back as
    /// `frame` (https://developer.apple.com/documentation/quartzcore/calayer/frame).
    ///
    /// With the identity transform: `bounds.size = frame.size`,
    /// `position = frame.origin + anchorPoint × frame.size`. With another transform the size is
    /// the frame size mapped back through the transform's 2D part, and the position is chosen
    /// so that the bounding box lands on `frame.origin`; that reads back exactly for scales,
    /// translations and rotations by multiples of 90°. Apple says not to set the frame under
    /// other rotations; a transform that cannot be inverted keeps the bounds size. The bounds
    /// origin never changes. Non-finite frames are ignored (see `CALayer+Update.swift`).
    final func setFrame(_ frame: CGRect) {
        guard frame.isFiniteValue else { return rejectNonFinite("frame", frame) }
        let f = frame.standardized
        var size = f.size
        let t = state.transform
        if t != CATransform3DIdentity {
            let affine = CATransform3DGetAffineTransform(t)
            let linear = CGAffineTransform(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: 0, ty: 0)
            if linear.a * linear.d - linear.b * linear.c != 0 {
                size = CGRect(origin: .zero, size: f.size).applying(linear.inverted()).size
            } else {
                size = state.bounds.size
            }
        }
        var probe = state
        probe.bounds.size = size
        probe.position = .zero
        let offset = t == CATransform3DIdentity
            ? CGPoint(x: -state.anchorPoint.x * size.width, y: -state.anchorPoint.y * size.height)
            : (Homography(probe.localTransform).boundingBox(of: probe.bounds)?.origin ?? .zero)
        position = CGPoint(x: f.minX - offset.x, y: f.minY - offset.y)
        bounds = CGRect(origin: state.bounds.origin, size: size)
    }

    /// The bounds setter: ignores non-finite rects; a size change triggers layout (and display
    /// with `needsDisplayOnBoundsChange`) and autoresizes the sublayers.
    final func setBounds(_ newValue: CGRect) {
        guard newValue.isFiniteValue else { return rejectNonFinite("bounds", newValue) }
        let oldSize = state.bounds.size
        set(.bounds, \.bounds, newValue)
        if newValue.size != oldSize {
            setNeedsLayout()
            if state.needsDisplayOnBoundsChange { setNeedsDisplay() }
            resizeSublayers(withOldSize: oldSize)
        }
    }

    /// The parity of `isGeometryFlipped` over the receiver and its superlayers.
    /// Whether the host showing the receiver's tree is flipped (false without a host).
    final var treeHostIsFlipped: Bool {
        var l = self
        while let p = l.parent { l = p }
        return l.hostIsFlipped ?? false
    }

    final var flipParity: Bool {
        var flipped = false
        var layer: CALayer? = self
        while let l = layer {
            if l.state.isGeometryFlipped { flipped.toggle() }
            layer = l.parent
        }
        return flipped
    }
}
