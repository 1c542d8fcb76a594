// How a layer's geometry places it in its superlayer: the matrices that frame, conversion and
// hit testing share.
//
// A point q of the layer's bounds space reaches its superlayer's bounds space as
//   q  − anchor (in bounds coordinates, z = −anchorPointZ)
//      × transform                       (about the anchor point)
//      + (position, zPosition)
//      × superlayer's sublayerTransform  (about the superlayer's anchor point)
//      × superlayer's flip               (about its bounds' mid-y, when geometryFlipped)
// then flattened into the superlayer's plane. See CALayer "Layer Geometry"
// (https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint) and
// `sublayerTransform` (https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform).

extension LayerState {
    /// The anchor point in bounds coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Bounds space → the space the position is given in (before the superlayer's sublayer
    /// transform and flip).
    var localTransform: CATransform3D {
        let a = anchorInBounds
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ)
        if transform != CATransform3DIdentity { m = m.concatenating(transform) }
        return m.concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// Sublayer space → bounds space: the sublayer transform about the anchor point, then the
    /// geometry flip about the bounds' mid-y.
    var sublayerSpaceTransform: CATransform3D {
        var m = CATransform3DIdentity
        if sublayerTransform != CATransform3DIdentity {
            let a = anchorInBounds
            m = CATransform3DMakeTranslation(-a.x, -a.y, 0)
                .concatenating(sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(a.x, a.y, 0))
        }
        if isGeometryFlipped {
            var flip = CATransform3DMakeScale(1, -1, 1)
            flip.m42 = 2 * bounds.midY
            m = m.concatenating(flip)
        }
        return m
    }
}

extension CALayer {
    /// The 4 × 4 map from this layer's bounds space to its superlayer's bounds space (or, for a
    /// root layer, to the space its position is given in). A mask is positioned in the bounds
    /// space of the layer it masks: that layer's flip applies to it, its sublayerTransform does
    /// not (it transforms sublayers only).
    final var transformToSuperlayer: CATransform3D {
        let local = state.localTransform
        guard let parent else { return local }
        var sub = parent.state.sublayerSpaceTransform
        if parent.maskLayer === self || presentationIsMask {
            var flipOnly = parent.state
            flipOnly.sublayerTransform = CATransform3DIdentity
            sub = flipOnly.sublayerSpaceTransform
        }
        return sub == CATransform3DIdentity ? local : local.concatenating(sub)
    }

    /// The plane map from this layer's bounds space into its superlayer's plane.
    final var homographyToSuperlayer: Homography { Homography(transformToSuperlayer) }

    /// The plane map from this layer into `ancestor`'s bounds space (nil: the space the root is
    /// positioned in). `ancestor` must be on the superlayer chain (or nil).
    final func homography(toAncestor ancestor: CALayer?) -> Homography {
        var h = Homography.identity
        var layer: CALayer? = self
        while let l = layer, l !== ancestor {
            h = h.concatenating(l.homographyToSuperlayer)
            layer = l.parent
        }
        return h
    }

    /// Whether the layer shows its back to the viewer once flattened into its superlayer: the z
    /// component of its normal is negative. A 2D mirror (`scale(-1, 1, 1)`) is not back-facing;
    /// a half turn about y is (the rule WebKit uses for `backface-visibility`).
    final var isBackFacing: Bool {
        guard let inverse = transformToSuperlayer.inverted() else { return false }
        return inverse.m33 < 0
    }
}
