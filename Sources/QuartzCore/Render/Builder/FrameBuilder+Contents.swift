/// The contents quads of one layer: its backing store (what `display()` drew) or its `contents`
/// image, placed by `contentsGravity`, cropped by `contentsRect`, sliced by `contentsCenter`,
/// filtered by `magnificationFilter`/`minificationFilter`.
///
/// Orientation: a contents image shows its first row at `bounds.minY` when the layer's
/// `contentsAreFlipped()` (here `flipped`), else at `maxY` — so images are upright on screen in
/// both flipped (iOS-style) and unflipped hosts. A backing store maps back onto the bounds it
/// was drawn for, exactly as its drawing context was set up. `contentsRect` is measured from the
/// image's first row (top-left origin).
extension FrameBuilder {
    mutating func emitContents(_ snap: LayerSnapshot, _ st: LayerState, flipped: Bool,
                               toTarget: ProjectiveTransform, state: SharedQuadState,
                               into quads: inout QuadList) {
        let texture: TextureResource, firstRowAtMinY: Bool, pixelsPerPoint: CGFloat
        if let store = snap.backingStore {
            texture = store.texture; firstRowAtMinY = store.firstRowAtMinY; pixelsPerPoint = store.scale
        } else if let image = st.contentsKind.image, let t = textures.texture(for: image) {   // by kind: no dynamic cast
            texture = t; firstRowAtMinY = flipped
            pixelsPerPoint = st.contentsScale > 0 && st.contentsScale.isFinite ? st.contentsScale : 1
        } else {
            return
        }
        guard let (source, dest) = ContentsLayout.placement(width: texture.width, height: texture.height,
                                                            pixelsPerPoint: pixelsPerPoint, state: st,
                                                            topIsMinY: flipped) else { return }
        // Slices are laid out with the first row at the destination's minY; a flip about its
        // middle puts the first row at maxY when the orientation asks for it.
        let quadState = firstRowAtMinY ? state : state.flippedVertically(aboutY: dest.midY)
        let filter = textureFilter(st, drawnWidth: Double(dest.width) * toTarget.localScale(x: Double(dest.midX), y: Double(dest.midY)),
                                   sourceWidth: Double(source.width))
        func append(_ slice: ContentsLayout.Slice) {
            var sliceState = quadState
            sliceState.aliasedEdges = FrameBuilder.sliceEdges(slice.destination, of: dest, edges: state.aliasedEdges,
                                                              swapY: !firstRowAtMinY)
            quads.append(.texture(slice.destination, texture, sourceRect: slice.source, filter: filter,
                                  edge: .clamp, state: sliceState))
        }
        // The whole image is one slice (no list made per layer and frame).
        if st.contentsCenter == ContentsLayout.wholeUnit { return append(.init(destination: dest, source: source)) }
        for slice in ContentsLayout.nineSlices(source: source, destination: dest, center: st.contentsCenter,
                                               scale: pixelsPerPoint) { append(slice) }
    }

    /// Magnification filter when drawn at least as large as the source pixels, else minification.
    func textureFilter(_ st: LayerState, drawnWidth: Double, sourceWidth: Double) -> TextureFilter {
        let magnifying = drawnWidth >= sourceWidth - 1e-9
        let f = magnifying ? st.magnificationFilter : st.minificationFilter
        switch f {
        case .nearest: return .nearest
        case .trilinear: return magnifying ? .linear : .trilinear
        default: return .linear
        }
    }
}
