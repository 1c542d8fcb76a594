/// A layer whose sublayers keep living in its superlayer's 3D space instead of being flattened
/// into its plane: Apple's `CATransformLayer`
/// (https://developer.apple.com/documentation/quartzcore/catransformlayer).
///
/// What Apple documents, and what this implementation does:
/// - Only the sublayers are rendered. The layer's own rendered properties are ignored:
///   `backgroundColor`, `contents` (and `draw(in:)`), the border, `cornerRadius`, the shadow.
/// - Properties that assume 2D image processing are ignored: `mask`, `masksToBounds`, `filters`,
///   `backgroundFilters`, `compositingFilter`.
/// - `opacity` multiplies each sublayer's opacity individually; the layer never forms a
///   compositing group (whatever `allowsGroupOpacity` says).
/// - Its own geometry still applies: `transform`, `position`, `anchorPoint`, `zPosition`,
///   `sublayerTransform` and `isGeometryFlipped` map its sublayers (as 4 × 4 matrices, so a
///   sublayer rotated about y really leaves the plane). `isHidden` hides the subtree, and its
///   timing (`speed`, `timeOffset`…) is its sublayers' parent time.
/// - Hit testing passes over the layer to its sublayers: `hitTest(_:)` never returns the
///   transform layer itself, and tests its sublayers front to back by depth through the
///   unflattened 3D geometry (Apple: a transform layer has no 2D coordinate space to map a
///   point into). A sublayer found this way is tested from its own space (its sublayers, its
///   `contains(_:)`); an override of that sublayer's `hitTest(_:)` is not called.
/// - `convert(_:from:)` and `convert(_:to:)` still flatten at every layer, the transform layer
///   included, so they are exact only for sublayers that stay in its plane.
///
/// Rendering: the sublayers of a transform layer (and of transform layers nested in it) are one
/// 3D rendering context, drawn back to front by the z of their transformed centres in the plane
/// of the nearest flattening ancestor (painter's algorithm: faces that intersect each other are
/// not split). `isDoubleSided` of the transform layer itself is not used: it has no face.
open class CATransformLayer: CALayer {
    /// The property table of transform layers: the same rows as `CALayer`'s; its renderer
    /// (`TransformLayerRenderer`) draws the 3D rendering context.
    override class var propertyTable: PropertyTable { .transformLayer }

    /// The frontmost sublayer (in depth order, through the 3D geometry) containing `p`, a point
    /// in the superlayer's coordinate space; never the receiver itself. nil when hidden or when
    /// no sublayer is hit.
    /// (https://developer.apple.com/documentation/quartzcore/catransformlayer)
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        guard !state.isHidden else { return nil }
        for member in depthContext(toPlane: transformToSuperlayer).reversed() {
            guard let inverse = Homography(member.toPlane).inverted(), let q = inverse.apply(p) else { continue }
            if !member.layer.state.isDoubleSided, let inv = member.toPlane.inverted(), inv.m33 < 0 { continue }
            if let hit = member.layer.hitTestInOwnSpace(q) { return hit }
        }
        return nil
    }
}

extension PropertyTable {
    /// `CATransformLayer`'s table: CALayer's rows, drawn by `TransformLayerRenderer`.
    static let transformLayer = PropertyTable(extending: .layer, with: [], renderer: TransformLayerRenderer())
}

extension CATransformLayer {
    /// A flattening layer of the receiver's 3D context and its 4 × 4 map from its bounds space
    /// to the plane the context is flattened into.
    struct DepthMember {
        var layer: CALayer
        var toPlane: CATransform3D
    }

    /// The visible non-transform layers under the receiver (through nested transform layers),
    /// back to front by the plane z of their bounds' centres (ties in tree order). `toPlane`
    /// maps the receiver's bounds space to the plane.
    final func depthContext(toPlane: CATransform3D) -> [DepthMember] {
        var members: [DepthMember] = []
        func collect(_ layer: CALayer, _ toPlane: CATransform3D) {
            let sub = layer.state.sublayerSpaceTransform.concatenating(toPlane)
            for child in layer.traversalSublayers where !child.state.isHidden {
                let childToPlane = child.state.localTransform.concatenating(sub)
                if child is CATransformLayer { collect(child, childToPlane) } else {
                    members.append(DepthMember(layer: child, toPlane: childToPlane))
                }
            }
        }
        collect(self, toPlane)
        let z = members.map { CATransformLayer.planeDepth(of: $0.layer.state.bounds, $0.toPlane) }
        return members.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { members[$0] }
    }

    /// The z (after the perspective divide) of `bounds`' centre mapped by `m`; −∞ when the
    /// centre is behind the eye, so such layers sort to the back.
    static func planeDepth(of bounds: CGRect, _ m: CATransform3D) -> Double {
        let x = Double(bounds.midX), y = Double(bounds.midY)
        let z = x * Double(m.m13) + y * Double(m.m23) + Double(m.m43)
        let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
        guard w > 0, (z / w).isFinite else { return -.infinity }
        return z / w
    }
}
