import CoreGraphics

// Apple's `render(in:)` (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)):
// the model tree — no animations — drawn in the layer's own coordinate space.
//
// Two paths: PDF contexts get drawing calls (Render/Vector/VectorRenderer.swift: paths stay
// paths, `draw(in:)` content is drawn again into the context); bitmap contexts get the frame
// the compositor draws on screen, rasterized at the context's resolution and drawn as one image,
// so that a bitmap `render(in:)` matches the on-screen pixels exactly.

extension CALayer {
    /// Snapshots of the model values of the subtree (no animations), for `render(in:)`.
    final func modelSnapshots() -> [UInt64: LayerSnapshot] {
        var out: [UInt64: LayerSnapshot] = [:]
        func visit(_ l: CALayer) {
            out[l.layerID] = LayerSnapshot(id: l.layerID, state: l.state, customValues: l.customValues,
                                           sublayers: l.sublayerList.map(\.layerID), mask: l.maskLayer?.layerID,
                                           animations: [], table: l.classInfo.table, backingStore: l.backingStore)
            l.sublayerList.forEach(visit)
            l.maskLayer.map(visit)
        }
        visit(self)
        return out
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

    /// The vector path (used for PDF contexts; tests call it on bitmaps too).
    final func renderModelAsVectors(in ctx: CGContext) {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        var drawers: [UInt64: CALayer] = [:]
        func visit(_ l: CALayer) {
            if l.backingStore != nil { drawers[l.layerID] = l }
            l.sublayerList.forEach(visit)
            l.maskLayer.map(visit)
        }
        visit(self)
        VectorRenderer(layers: modelSnapshots(), drawers: drawers, context: ctx)
            .render(rootInOwnSpace: layerID, flipParity: contentsAreFlipped() != state.isGeometryFlipped, time: 0)
    }

    /// The compositor path: the subtree rasterized and drawn as one image.
    final func renderModelAsImage(in ctx: CGContext) {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        // The part of the bounds the context can show, at the context's device resolution.
        var rect = state.bounds.union(sublayerExtent())
        let clip = ctx.boundingBoxOfClipPath
        if !clip.isNull, !clip.isInfinite { rect = rect.intersection(clip) }
        guard !rect.isNull, rect.width > 0, rect.height > 0, rect.isFiniteValue else { return }
        let t = ctx.userSpaceToDeviceSpaceTransform
        var k = Double(abs(t.a * t.d - t.b * t.c)).squareRoot()
        if !(k > 0) || !k.isFinite { k = 1 }
        let side = Double(max(rect.width, rect.height)) * k
        if side > 8192 { k *= 8192 / side }
        var builder = FrameBuilder(layers: modelSnapshots(), textures: TextureCache(budgetBytes: 64 << 20))
        let passes = builder.frame(rootInOwnSpace: layerID, rect: rect, scale: k,
                                   flipParity: contentsAreFlipped() != state.isGeometryFlipped, time: 0)
        guard let first = passes.last, var buffer = PixelBuffer(width: Int(first.outputRect.width),
                                                                 height: Int(first.outputRect.height)),
              (try? CPUCompositor().draw(passes, into: &buffer)) != nil,
              let image = buffer.makeCGImage() else { return }
        ctx.draw(image, in: CGRect(x: rect.minX, y: rect.minY,
                                   width: CGFloat(Double(buffer.width) / k), height: CGFloat(Double(buffer.height) / k)))
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
