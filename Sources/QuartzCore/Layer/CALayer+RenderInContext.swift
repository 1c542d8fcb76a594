import CoreGraphics

// Apple's `render(in:)` (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)):
// the model tree — no animations — drawn in the layer's own coordinate space at the context's
// origin, with the receiver's own shadow, mask and opacity, and everything that overflows its
// bounds (contents under position gravities, sublayers, shadows) clipped only by the context
// and by `masksToBounds` and masks.
//
// One frame producer over the model snapshots builds the passes; a bitmap context gets them
// composited by the CPU backend and drawn as one image (the on-screen pixels), a PDF context
// gets them as drawing calls through the vector backend (paths stay paths, `draw(in:)` content
// is drawn again into the context).

extension CALayer {
    /// Snapshots of the model values of the subtree (no animations), for `render(in:)`. On a
    /// presentation copy the subtree is the presentation tree — its sublayers and mask are
    /// presentation copies at the copy's time, as Apple's `presentation()` documents
    /// (https://developer.apple.com/documentation/quartzcore/calayer/presentation()) — so
    /// `layer.presentation()?.render(in:)` draws what is on screen, animations included.
    /// The same walk collects the layers whose `draw(in:)` content a vector context redraws
    /// (keyed by their backing store's texture), so presentation copies — made afresh by each
    /// walk — are the ones both the snapshots and the redraws see.
    final func modelSnapshots() -> (snapshots: [UInt64: LayerSnapshot], redraws: [ObjectIdentifier: VectorRedraw]) {
        var out: [UInt64: LayerSnapshot] = [:]
        var redraws: [ObjectIdentifier: VectorRedraw] = [:]
        func visit(_ l: CALayer) {
            let (sublayers, mask) = l.renderChildren
            if let store = l.backingStore { redraws[ObjectIdentifier(store.texture)] = VectorRedraw(layer: l, store: store) }
            out[l.layerID] = LayerSnapshot(id: l.layerID, state: l.state, customValues: l.customValues,
                                           sublayers: sublayers.map(\.layerID), mask: mask?.layerID,
                                           animations: [], table: l.classInfo.table, backingStore: l.backingStore)
            sublayers.forEach(visit)
            mask.map(visit)
        }
        visit(self)
        return (out, redraws)
    }

    /// The sublayers and mask `render(in:)` walks: the model's, or a presentation copy's
    /// (fresh copies of the committed ones, made once per walk).
    private var renderChildren: (sublayers: [CALayer], mask: CALayer?) {
        presentedModel == nil ? (sublayerList, maskLayer) : (traversalSublayers, presentationMask())
    }

    /// Displays every layer of the subtree that needs display (what a commit would do).
    final func displaySubtreeIfNeeded() {
        displayIfNeeded()
        for s in sublayerList { s.displaySubtreeIfNeeded() }
        maskLayer?.displaySubtreeIfNeeded()
    }

    final func renderModel(in ctx: CGContext) {
        if ctx.isPDFContext { renderModelAsVectors(in: ctx) } else { renderModelAsImage(in: ctx) }
    }

    /// The vector backend's drawing (used for PDF contexts; tests call it on bitmaps too).
    final func renderModelAsVectors(in ctx: CGContext) {
        guard let (producer, geometry, redraws) = modelFrame(in: ctx, pixelScale: ctx.isPDFContext ? 2 : 1, maximumSide: 4096)
        else { return }
        producer.drawVector(at: 0, geometry: geometry, in: ctx, redraws: redraws)
    }

    /// The CPU backend's frame, drawn as one image at the context's device resolution.
    final func renderModelAsImage(in ctx: CGContext) {
        guard let (producer, geometry, _) = modelFrame(in: ctx, pixelScale: 1, maximumSide: 8192),
              case let .ownSpace(rect, k, _) = geometry,
              let buffer = producer.frame(at: 0, geometry: geometry), let image = buffer.makeCGImage() else { return }
        ctx.draw(image, in: CGRect(x: rect.minX, y: rect.minY,
                                   width: CGFloat(Double(buffer.width) / k), height: CGFloat(Double(buffer.height) / k)))
    }

    /// A producer over the model tree and the framing of what `ctx` can show: the clip's
    /// bounding box in the layer's space (else everything the tree may draw), at the context's
    /// device resolution × `pixelScale`, at most `maximumSide` pixels a side.
    private func modelFrame(in ctx: CGContext, pixelScale: Double, maximumSide: Double)
        -> (FrameProducer, FrameGeometry, [ObjectIdentifier: VectorRedraw])? {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        var rect = ctx.boundingBoxOfClipPath
        if rect.isNull || rect.isInfinite || !rect.isFiniteValue { rect = drawnExtent() }
        guard !rect.isNull, rect.width > 0, rect.height > 0, rect.isFiniteValue else { return nil }
        let t = ctx.userSpaceToDeviceSpaceTransform
        var k = Double(abs(t.a * t.d - t.b * t.c)).squareRoot()
        if !(k > 0) || !k.isFinite { k = 1 }
        k *= pixelScale
        let side = Double(max(rect.width, rect.height)) * k
        if side > maximumSide { k *= maximumSide / side }
        let (snapshots, redraws) = modelSnapshots()
        let producer = FrameProducer(tree: RenderTree(fixed: snapshots, root: layerID),
                                     textures: TextureCache(budgetBytes: 64 << 20))
        producer.isDamageTrackingEnabled = false
        return (producer, .ownSpace(rect: rect, scale: k, flipParity: contentsAreFlipped() != state.isGeometryFlipped), redraws)
    }

    /// Where the subtree may draw, in the layer's bounds space (a context without a bounded
    /// clip): the bounds, unclipped sublayers' frames and the shadow's reach.
    final func drawnExtent() -> CGRect {
        var r = state.bounds.union(sublayerExtent())
        if state.shadowOpacity > 0 {
            let reach = CGFloat(1.5 * Double(max(0, state.shadowRadius)) + 2)
            r = r.union(r.offsetBy(dx: state.shadowOffset.width, dy: state.shadowOffset.height)).insetBy(dx: -reach, dy: -reach)
        }
        return r
    }

    /// The bounding box of the sublayers' frames in the layer's bounds space (unclipped
    /// sublayers can draw outside the bounds).
    final func sublayerExtent() -> CGRect {
        guard !state.masksToBounds else { return .null }
        var r = CGRect.null
        for s in sublayerList where !s.state.isHidden {
            let f = s.state.bounds.applying(CATransform3DGetAffineTransform(s.transformToSuperlayer))
            r = r.union(f).union(s.sublayerExtent().applying(CATransform3DGetAffineTransform(s.transformToSuperlayer)))
        }
        return r
    }
}
