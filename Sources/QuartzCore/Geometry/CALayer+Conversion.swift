// Converting points and rects between layers' coordinate spaces
// (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:from:)).
//
// Each layer maps into its superlayer's plane by a homography (`Homography`), so a point goes up
// from the source layer to the lowest common ancestor and down again by the inverse maps. nil
// stands for the space the root layer is positioned in ("world"); layers of unrelated trees
// meet there, as if both roots shared one superlayer with identity geometry.
//
// A layer's own coordinate space is flipped when it is `isGeometryFlipped` (Apple: "the geometry
// of the layer and its sublayers is flipped vertically",
// https://developer.apple.com/documentation/quartzcore/calayer/isgeometryflipped): its bounds
// origin is at the top in an unflipped superlayer, where its sublayers' positions also count
// from. The render and hit-test maps apply the flip to the sublayers (`sublayerSpaceTransform`);
// conversions apply it to the receiver's own points too, so `convert(_:to:)` of a point and the
// position of a sublayer at that point agree. (The content is not flipped; geometry only.)
//
// nil is the space the root is positioned in: for a root layer `convert(p, to: nil)` is p through
// the root's own geometry — `p + frame.origin` when it has no transform and a zero bounds origin,
// as https://developer.apple.com/documentation/quartzcore/calayer/convert(_:to:)-7dcke says.
//
// When the mapping is undefined — a transform with no inverse (a zero scale), or a point that
// projects from behind a perspective eye — a point converts to (+∞, +∞) and a rect to
// `CGRect.null`, values the layer setters reject, so they cannot poison the tree.

extension CALayer {
    /// The lowest layer that is `a` or an ancestor of `a` and also `b` or an ancestor of `b`;
    /// nil when the two are in different trees (or either is nil).
    static func commonAncestor(_ a: CALayer?, _ b: CALayer?) -> CALayer? {
        guard let a, let b else { return nil }
        var l: CALayer? = b
        while let candidate = l {
            if a.hasAncestorOrSelf(candidate) { return candidate }
            l = candidate.parent
        }
        return nil
    }

    /// The plane map from `source`'s space to `destination`'s (nil: world); nil when undefined.
    /// The common ancestor's own flip cancels out; the ends' own flips do not.
    static func homography(from source: CALayer?, to destination: CALayer?) -> Homography? {
        let meet = commonAncestor(source, destination)
        let up = source.map { $0.ownGeometryFlip.concatenating($0.homography(toAncestor: meet)) } ?? .identity
        let down = destination.map { $0.ownGeometryFlip.concatenating($0.homography(toAncestor: meet)) } ?? .identity
        guard let inverse = down.inverted() else { return nil }
        return up.concatenating(inverse)
    }

    /// The receiver's flip about its bounds' mid-y when `isGeometryFlipped` (its own points in
    /// the flipped space → the unflipped space its transform maps from), else the identity.
    final var ownGeometryFlip: Homography {
        guard state.isGeometryFlipped else { return .identity }
        var flip = CATransform3DMakeScale(1, -1, 1)
        flip.m42 = 2 * state.bounds.midY
        return Homography(flip)
    }

    static let undefinedPoint = CGPoint(x: CGFloat.infinity, y: CGFloat.infinity)

    final func convertPoint(_ p: CGPoint, from source: CALayer?, to destination: CALayer?) -> CGPoint {
        if source === destination { return p }
        guard let h = CALayer.homography(from: source, to: destination) else { return CALayer.undefinedPoint }
        return h.apply(p) ?? CALayer.undefinedPoint
    }

    final func convertRect(_ r: CGRect, from source: CALayer?, to destination: CALayer?) -> CGRect {
        if r.isNull { return r }
        if source === destination { return r }
        guard let h = CALayer.homography(from: source, to: destination) else { return .null }
        return h.boundingBox(of: r) ?? .null
    }
}
