/// Edge antialiasing flags: `allowsEdgeAntialiasing`
/// (https://developer.apple.com/documentation/quartzcore/calayer/allowsedgeantialiasing) and
/// `edgeAntialiasingMask` (https://developer.apple.com/documentation/quartzcore/calayer/edgeantialiasingmask).
///
/// Apple's default is `allowsEdgeAntialiasing == false` (no `UIViewEdgeAntialiasing` key): a layer
/// not aligned to pixels — rotated, scaled, at a fractional position, in perspective — has hard
/// (aliased) edges. With it true, the edges named by the mask are antialiased and the others
/// stay hard (to close seams between abutting layers). The mask names edges in the layer's own
/// space: left = minX, right = maxX, bottom = minY, top = maxY (Apple's header comments).
///
/// The flags reach every straight-edged quad a layer draws: background, contents slices (edges
/// between nine-part slices are always hard, so slices never show seams), a square border's
/// outer edge, and a non-rectangular `masksToBounds` pass. Curved outlines (`cornerRadius`) stay
/// antialiased.
extension FrameBuilder {
    /// The edges of `st`'s bounds drawn hard.
    func aliasedEdges(_ st: LayerState) -> QuadEdges {
        guard st.allowsEdgeAntialiasing else { return .all }
        return QuadEdges(rawValue: UInt8(truncatingIfNeeded: ~st.edgeAntialiasingMask.rawValue) & QuadEdges.all.rawValue)
    }

    /// The hard edges of `slice`, a part of `whole` whose outer edges carry `edges`: edges inside
    /// `whole` are hard. `swapY`: the quad is drawn flipped about its middle row, so its minY
    /// edge lands on the layer's maxY.
    static func sliceEdges(_ slice: CGRect, of whole: CGRect, edges: QuadEdges, swapY: Bool) -> QuadEdges {
        var e = edges
        if swapY {
            e.subtract([.minY, .maxY])
            if edges.contains(.minY) { e.insert(.maxY) }
            if edges.contains(.maxY) { e.insert(.minY) }
        }
        let tolerance: CGFloat = 1e-9
        if slice.minX > whole.minX + tolerance { e.insert(.minX) }
        if slice.maxX < whole.maxX - tolerance { e.insert(.maxX) }
        if slice.minY > whole.minY + tolerance { e.insert(.minY) }
        if slice.maxY < whole.maxY - tolerance { e.insert(.maxY) }
        return e
    }
}
