import CoreGraphics

/// What the vector path hands to the CPU compositor: shadows of `shadowPath`, subtrees with
/// perspective, and mask layers (as the coverage of `clip(to:mask:)`). Each is rendered by
/// `FrameBuilder` + `CPUCompositor` into an image over a region of the current user space, at
/// the context's device resolution (twice it on PDF pages, whose device unit is a point),
/// at most `maximumSide` pixels on a side.
extension VectorRenderer {
    static let maximumSide = 4096.0

    /// The layer's shadow (FrameBuilder+Shadow.swift: from `shadowPath`, else from the layer's
    /// composited alpha), rasterized and drawn with the layer's opacity; clipped to the bounds
    /// with `masksToBounds`. The raster covers the caster and its offset copy grown by the
    /// blur's reach (3σ); a caster with unclipped sublayers may reach anywhere, so then it
    /// covers the clip's bounding box.
    func drawShadow(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval, opacity: Double,
                    flipped: Bool) {
        guard st.shadowOpacity > 0, let sc = st.shadowColor, sc.alpha > 0 else { return }
        let caster = st.shadowPath?.boundingBoxOfPath ?? (snap.sublayers.isEmpty || st.masksToBounds ? st.bounds : nil)
        var region: CGRect? = nil
        if let caster {
            guard !caster.isNull, caster.isFiniteValue else { return }
            let reach = CGFloat(1.5 * Double(max(0, st.shadowRadius)) + 2)
            region = caster.union(caster.offsetBy(dx: st.shadowOffset.width, dy: st.shadowOffset.height))
                .insetBy(dx: -reach, dy: -reach)
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if st.masksToBounds { ctx.clip(to: st.bounds) }
        ctx.setAlpha(CGFloat(opacity))
        drawRasterized(region: region) { builder, toTarget, quads in
            builder.emitShadow(snap, st, local: local, toTarget: toTarget, opacity: 1, clip: nil, flipped: flipped,
                               into: &quads)
        }
    }

    /// Clips later drawing to the alpha of `mask` (placed in the masked layer's bounds space by
    /// its geometry and the layer's flip, as the compositor places masks).
    func clip(toMask mask: LayerSnapshot, of st: LayerState, local: CFTimeInterval, flipped: Bool) {
        var flipOnly = st
        flipOnly.sublayerTransform = CATransform3DIdentity
        let space = flipOnly.sublayerSpaceTransform
        let maskLocal = MediaTiming.localTime(fromParent: local, beginTime: mask.state.beginTime,
                                              speed: mask.state.speed, timeOffset: mask.state.timeOffset)
        let ms = mask.presentationState(at: maskLocal)
        // The mask's frame bounds the raster unless unclipped sublayers may reach beyond it.
        let frame = mask.sublayers.isEmpty || ms.masksToBounds
            ? ProjectiveTransform(flattening: ms.localTransform.concatenating(space)).boundingBox(of: ms.bounds) : nil
        guard let (image, rect) = rasterize(region: frame, { builder, toTarget, quads in
            builder.emitLayer(mask.id, parentTime: local, parentSublayerSpace: space, parentToTarget: toTarget,
                              opacity: 1, clip: nil, flipParity: flipped, into: &quads)
        }) else {
            ctx.clip(to: CGRect.zero)   // nothing of the mask shows: nothing of the layer does
            return
        }
        ctx.clip(to: rect, mask: image)
    }

    /// Rasterizes what `emit` adds and draws it as an image (global alpha applies).
    func drawRasterized(region: CGRect?,
                        _ emit: (inout FrameBuilder, ProjectiveTransform, inout [DrawQuad]) -> Void) {
        guard let (image, rect) = rasterize(region: region, emit) else { return }
        ctx.draw(image, in: rect)
    }

    /// The quads `emit` adds (user space → target pixels given), composited into an image
    /// covering `region` ∩ the clip's bounding box, and the user-space rectangle it covers
    /// (first row at its maxY). nil when the region is empty.
    func rasterize(region: CGRect?,
                   _ emit: (inout FrameBuilder, ProjectiveTransform, inout [DrawQuad]) -> Void) -> (CGImage, CGRect)? {
        var r = ctx.boundingBoxOfClipPath
        if let region { r = r.isNull || r.isInfinite ? region : r.intersection(region) }
        guard !r.isNull, !r.isInfinite, r.isFiniteValue, r.width > 0, r.height > 0 else { return nil }
        var k = deviceScale * (ctx.isPDFContext ? 2 : 1)
        let side = Double(max(r.width, r.height)) * k
        if side > Self.maximumSide { k *= Self.maximumSide / side }
        let w = max(1, (Double(r.width) * k).rounded(.up)), h = max(1, (Double(r.height) * k).rounded(.up))
        let rect = CGRect(x: Double(r.minX), y: Double(r.minY), width: w / k, height: h / k)
        let target = CGRect(x: 0, y: 0, width: w, height: h)
        let toTarget = ProjectiveTransform.translation(x: -Double(rect.minX), y: -Double(rect.maxY))
            .concatenating(.scale(x: k, y: -k))
        var builder = FrameBuilder(layers: layers, textures: TextureCache(budgetBytes: 64 << 20))
        builder.currentTarget = target
        var quads: [DrawQuad] = []
        emit(&builder, toTarget, &quads)
        builder.passes.append(RenderPass(id: RenderPassID(0), outputRect: target, quads: quads))
        guard var buffer = PixelBuffer(width: Int(w), height: Int(h)),
              (try? CPUCompositor().draw(builder.passes, into: &buffer)) != nil,
              let image = buffer.makeCGImage() else { return nil }
        return (image, rect)
    }
}
