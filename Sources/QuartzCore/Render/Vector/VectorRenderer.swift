import CoreGraphics

/// Draws a layer tree into a `CGContext` as drawing calls rather than pixels: the vector path
/// of `render(in:)` (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)),
/// used for PDF contexts, so that backgrounds, borders, rounded corners and `draw(in:)` content
/// stay paths and text in the document.
///
/// It walks the same snapshots as `FrameBuilder` and follows the same rules (Apple's order:
/// background, contents, sublayers, border inside the bounds; sublayers by `zPosition`;
/// `opacity` multiplied down the tree, or applied to the whole subtree when
/// `allowsGroupOpacity`; `isHidden`; `isDoubleSided`), but each layer becomes a
/// `saveGState` / `concatenate` of its affine transform (position, anchorPoint, bounds origin,
/// transform, and the superlayer's sublayerTransform and geometry flip) / drawing calls /
/// `restoreGState`. Effects:
/// - group opacity and masks: a transparency layer composited with the opacity; a mask clips
///   that composite through `clip(to:mask:)` with the mask layer rasterized.
/// - shadows (from `shadowPath` or from the layer's alpha), and layers whose transform has
///   perspective (not affine in the superlayer's plane), are rasterized by the CPU compositor
///   and drawn as images, at the context's device resolution (twice that on PDF pages). A blur
///   is pixels in any case (`setShadow` rasterizes too, at one pixel per PDF point), and this
///   way the shadow is the compositor's own, σ = shadowRadius / 2 as on screen.
/// Contents images are drawn as images (each `contentsCenter` slice clipped to its place);
/// a layer that drew its content through `draw(in:)` is asked to draw again, straight into the
/// context (clipped to its bounds), when `drawers` has it; otherwise its backing store is drawn.
struct VectorRenderer {
    let layers: [UInt64: LayerSnapshot]
    /// Layers whose `draw(in:)` draws their backing store's content again as vectors.
    let drawers: [UInt64: CALayer]
    let ctx: CGContext
    /// Layer rules shared with the compositor's builder (corner radii, drawing order).
    let rules: FrameBuilder

    init(layers: [UInt64: LayerSnapshot], drawers: [UInt64: CALayer] = [:], context: CGContext) {
        self.layers = layers; self.drawers = drawers; self.ctx = context
        rules = FrameBuilder(layers: layers, textures: TextureCache(budgetBytes: 16 << 20))
    }

    /// `root` in its own bounds space, as `render(in:)` draws it: its own position, transform,
    /// shadow and mask are not applied, its opacity is. `flipParity` as in
    /// `FrameBuilder.frame(rootInOwnSpace:)`.
    func render(rootInOwnSpace root: UInt64, flipParity: Bool, time: CFTimeInterval) {
        guard let snap = layers[root] else { return }
        let st = snap.presentationState(at: time)
        guard !st.isHidden else { return }
        ctx.saveGState()
        body(snap, st, local: time, opacity: Double(min(max(st.opacity, 0), 1)), flipped: flipParity)
        ctx.restoreGState()
    }

    /// One layer and its subtree; the context's user space is the superlayer's bounds space.
    /// Arguments as `FrameBuilder.emitLayer`'s.
    func layer(_ id: UInt64, parentTime: CFTimeInterval, parentSublayerSpace: CATransform3D, opacity: Double,
               flipParity: Bool) {
        guard let snap = layers[id], let (local, st) = snap.visibleState(parentTime: parentTime) else { return }
        let toParent = st.localTransform.concatenating(parentSublayerSpace)
        if !st.isDoubleSided, let inv = toParent.inverted(), inv.m33 < 0 { return }
        let plane = ProjectiveTransform(flattening: toParent)
        guard plane.isFinite else { return }
        let alpha = opacity * Double(min(max(st.opacity, 0), 1))
        guard alpha > 0 else { return }
        guard let affine = plane.affine, !Self.hasDrawnFilters(st) else {
            // Perspective or filters: the compositor draws this subtree, as an image in the
            // superlayer's space (blended as its compositingFilter says; VectorRenderer+Filters).
            ctx.saveGState()
            defer { ctx.restoreGState() }
            if let mode = Self.compositingBlendMode(st) { ctx.setBlendMode(mode) }
            drawRasterized(region: nil) { builder, toTarget, quads in
                builder.emitLayer(id, parentTime: parentTime, parentSublayerSpace: parentSublayerSpace,
                                  parentToTarget: toTarget, opacity: opacity, clip: nil, flipParity: flipParity,
                                  into: &quads)
            }
            return
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(affine)
        composite(snap, st, local: local, opacity: alpha, flipped: flipParity != st.isGeometryFlipped)
    }

    /// The layer with its effects (shadow, group opacity, mask) in its own bounds space.
    func composite(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval, opacity: Double, flipped: Bool) {
        if Self.compositingBlendMode(st) == nil, hasNestedShadows(snap, st) {   // +NestedShadows
            return drawWithNestedShadows(snap, st, local: local, opacity: opacity, flipped: flipped)
        }
        drawShadow(snap, st, local: local, opacity: opacity, flipped: flipped)
        let group = st.opacity < 1 && st.allowsGroupOpacity && !snap.sublayers.isEmpty
        let mask = snap.mask.flatMap { layers[$0] }
        let blend = Self.compositingBlendMode(st)
        guard group || mask != nil || blend != nil else {
            return body(snap, st, local: local, opacity: opacity, flipped: flipped)
        }
        // As the compositor: the group composited with the opacity, or (mask only) the content
        // drawn with it and composited through the mask, with the compositing filter's blend.
        ctx.saveGState()
        if let blend { ctx.setBlendMode(blend) }
        if let mask { clip(toMask: mask, of: st, local: local, flipped: flipped) }
        ctx.setAlpha(CGFloat(group ? opacity : 1))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        body(snap, st, local: local, opacity: group ? 1 : opacity, flipped: flipped)
        ctx.endTransparencyLayer()
        ctx.restoreGState()
    }

    /// Background, contents, sublayers, border.
    func body(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval, opacity: Double, flipped: Bool) {
        let radii = rules.cornerRadii(st)
        let continuous = st.cornerCurve == .continuous
        if let bg = st.backgroundColor, bg.alpha > 0 {
            ctx.setAlpha(CGFloat(opacity))
            ctx.setFillColor(bg)
            ctx.addPath(VectorShapes.roundedRect(st.bounds, radii: radii, continuous: continuous))
            ctx.fillPath()
        }
        let clips = st.masksToBounds
        if clips {
            ctx.saveGState()
            ctx.addPath(VectorShapes.roundedRect(st.bounds, radii: radii, continuous: continuous))
            ctx.clip()
        }
        contents(snap, st, opacity: opacity, flipped: flipped)
        if !snap.sublayers.isEmpty {
            let space = st.sublayerSpaceTransform
            for child in rules.drawingOrder(snap.sublayers) {
                layer(child, parentTime: local, parentSublayerSpace: space, opacity: opacity, flipParity: flipped)
            }
        }
        if clips { ctx.restoreGState() }
        if st.borderWidth > 0, let bc = st.borderColor, bc.alpha > 0 {
            ctx.setAlpha(CGFloat(opacity))
            ctx.setFillColor(bc)
            ctx.addPath(VectorShapes.border(st.bounds, width: Double(st.borderWidth), radii: radii,
                                            continuous: continuous))
            ctx.fillPath(using: .evenOdd)
        }
        particles(snap, st, local: local, opacity: opacity, flipped: flipped)
    }
}
