// Hit testing (https://developer.apple.com/documentation/quartzcore/calayer/hittest(_:)).
//
// `hitTest(_:)` takes a point in the superlayer's space, maps it into the layer (through the
// inverse of the layer's plane map, so rotated and projected layers are hit by their shape,
// not their frame) and searches front to back: sublayers with a higher zPosition first, and
// among equal zPositions the later sibling first. Hidden layers (and their subtrees) are
// skipped, masksToBounds clips the subtree to the bounds, and a layer turned away from the
// viewer with `isDoubleSided == false` is not hit (it is not drawn). The mask is not consulted.

extension CALayer {
    final func boundsContain(_ p: CGPoint) -> Bool {
        let b = state.bounds.standardized
        return p.x >= b.minX && p.x < b.maxX && p.y >= b.minY && p.y < b.maxY
    }

    final func hitTestSubtree(_ p: CGPoint) -> CALayer? {
        if state.isHidden { return nil }
        guard let inverse = homographyToSuperlayer.inverted(), let q = inverse.apply(p) else { return nil }
        if !state.isDoubleSided && isBackFacing { return nil }
        return hitTestInOwnSpace(q)
    }

    /// The rest of a hit test once the point `q` is in the receiver's bounds space (a
    /// `CATransformLayer` maps points to its sublayers through its 3D geometry, then this).
    final func hitTestInOwnSpace(_ q: CGPoint) -> CALayer? {
        if state.masksToBounds && !contains(q) { return nil }
        for sub in sublayersFrontToBack() {
            if let hit = sub.hitTest(q) { return hit }
        }
        return contains(q) ? self : nil
    }

    /// The sublayers ordered for hit testing: zPosition descending, then later siblings first.
    final func sublayersFrontToBack() -> [CALayer] {
        let list = traversalSublayers
        if list.allSatisfy({ $0.state.zPosition == list.first?.state.zPosition }) { return list.reversed() }
        return list.indices.sorted { i, j in
            let zi = list[i].state.zPosition, zj = list[j].state.zPosition
            return zi != zj ? zi > zj : i > j
        }.map { list[$0] }
    }
}
