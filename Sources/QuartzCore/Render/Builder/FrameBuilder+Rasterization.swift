/// `shouldRasterize` (https://developer.apple.com/documentation/quartzcore/calayer/shouldrasterize)
/// with `rasterizationScale` (https://developer.apple.com/documentation/quartzcore/calayer/rasterizationscale).
///
/// The layer — shadow, background, contents, sublayers, border, mask — is drawn into a bitmap in
/// its own coordinate space at `rasterizationScale` pixels per point (not the host's scale: at
/// 1 on a 2× host it is magnified, as on Apple), then composited as one quad through the
/// layer's transform with its opacity (Apple: opacity is not rasterized). The bitmap covers
/// everything the layer draws (sublayers and shadow outside the bounds included), up to
/// `maximumPassSide` pixels a side. The bitmap is composited with bilinear filtering and soft
/// edges (the layer's `magnificationFilter`/`minificationFilter` and edge flags are not applied
/// to it yet).
///
/// The bitmap is kept across frames (`RasterCache`) while nothing in the subtree changes: no
/// commit touched it and no animation runs in it. Animations of the rasterized layer's own
/// `position`, `transform`, `zPosition` or `opacity` move or fade the bitmap without redrawing
/// it; any other animation in the subtree redraws it every frame.
extension FrameBuilder {
    /// Emits the rasterized layer; false (nothing emitted) when it cannot be rasterized, so the
    /// caller draws it normally.
    mutating func emitRasterized(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                 toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?, flipped: Bool,
                                 into quads: inout QuadList) -> Bool {
        let rs = Double(st.rasterizationScale)
        let b = st.bounds
        guard rs > 0, rs.isFinite, b.width >= 0, b.height >= 0 else { return false }
        let k = min(rs, FrameBuilder.maximumPassSide / Double(max(b.width, b.height, 1)))
        let layerToPass = ProjectiveTransform.translation(x: -Double(b.minX), y: -Double(b.minY))
            .concatenating(.scale(x: k, y: k))
        guard let passToLayer = layerToPass.inverted() else { return false }
        let state = SharedQuadState(transform: passToLayer.concatenating(toTarget), opacity: opacity, clip: clip)
        let signature = rasterSignature(snap)
        let cache = textures.rasterCache
        if let hit = cache.bitmap(for: snap.id, snapshots: signature, scale: k, flipped: flipped) {
            quads.append(.texture(hit.passRect, hit.texture, filter: .linear, edge: .transparent, state: state))
            return true
        }
        // The pass's space is the layer's, scaled; a window of maximumPassSide around the bounds.
        let side = FrameBuilder.maximumPassSide
        let centre = CGPoint(x: Double(b.width) * k / 2, y: Double(b.height) * k / 2)
        let limit = CGRect(x: Double(centre.x) - side / 2, y: Double(centre.y) - side / 2, width: side, height: side)
        var flat = st
        flat.opacity = 1                                   // applied when compositing
        var inner = QuadList()
        let outerTarget = currentTarget
        currentTarget = limit
        emitLayerContent(snap, flat, local: local, toTarget: layerToPass, opacity: 1, clip: nil, flipped: flipped,
                         into: &inner)
        currentTarget = outerTarget
        let passRect = FrameBuilder.extent(of: inner, within: limit)
        guard !passRect.isNull else { return true }       // draws nothing
        let id = newPassID()
        var pass = RenderPass(id: id, outputRect: passRect, quads: inner)
        if let signature {
            pass.capture = cache.capture(for: snap.id, snapshots: signature, scale: k, flipped: flipped,
                                         passRect: passRect)
        }
        passes.append(pass)
        quads.append(.renderPassOutput(passRect, id, state: state))
        return true
    }

    /// The snapshots that decide the layer's bitmap (its subtree and masks, in a fixed order), or
    /// nil when an animation may change the bitmap from frame to frame.
    func rasterSignature(_ root: LayerSnapshot) -> [LayerSnapshot]? {
        let placement: Set<String> = ["position", "transform", "zPosition", "opacity"]
        for a in root.animations {
            guard let path = (a.animation as? CAPropertyAnimation)?.keyPath,
                  let head = path.split(separator: ".").first, placement.contains(String(head)) else { return nil }
        }
        var out = [root]
        var stack = root.sublayers.reversed() + (root.mask.map { [$0] } ?? [])
        while let id = stack.popLast() {
            guard let s = layers[id] else { continue }
            guard s.animations.isEmpty else { return nil }
            out.append(s)
            stack.append(contentsOf: s.sublayers.reversed())
            if let m = s.mask { stack.append(m) }
        }
        return out
    }
}
