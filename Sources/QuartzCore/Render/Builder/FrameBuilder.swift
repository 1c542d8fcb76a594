/// Turns a render tree at one time into render passes of quads (DESIGN.md §4): the one place
/// where layer semantics become drawing.
///
/// Per layer, in Apple's order: background, contents, the class's content, sublayers, border
/// (inside the bounds), the class's overlay — the class parts from its `LayerRenderer`.
/// Each layer is flattened into its superlayer's plane (a 4 × 4 transform reduced to the
/// plane's 3 × 3 homography). Effects that need their own buffer get a pass: group opacity
/// (`opacity < 1` with `allowsGroupOpacity` and sublayers), masks, and `masksToBounds` whose
/// clip is not an axis-aligned rectangle of the target. Everything else is drawn straight into
/// the target with opacity multiplied down the tree.
struct FrameBuilder {
    let layers: [UInt64: LayerSnapshot]
    let textures: TextureCache
    var passes: [RenderPass] = []
    /// Replicators' instance lists of this frame (FrameBuilder+Instances).
    var instanceLists: [InstanceListKey: [SublayerInstance]?] = [:]
    var nextPassID: UInt64 = 1
    /// The old subtrees of running transitions (`RenderTree.transitionSources()`); without
    /// one, a transition's layer is drawn as it is now.
    var transitionSources: [ObjectIdentifier: [UInt64: LayerSnapshot]] = [:]
    /// The host's quads of static subtrees from earlier frames (FrameBuilder+Reuse); nil: none kept.
    var subtreeCache: SubtreeCache?
    /// The render tree's generation `layers` were taken at (`RenderTree.generation`); nil when
    /// unknown (every reuse then checks its snapshots).
    var layersGeneration: UInt64?
    /// The host's animations ticked for this frame (FrameAnimations); nil: each animated layer
    /// is evaluated as it is drawn.
    var animations: FrameAnimations?
    /// Layers drawn so far whose drawing depends on time or on more than their snapshots
    /// (FrameBuilder+Reuse), and the snapshots visited: what a subtree's reuse is checked by.
    var dynamicLayers = 0
    /// When the host's previous frames took their snapshots: a subtree holding a layer changed
    /// in each of them is drawn but not kept (FrameBuilder+Reuse). Default: no earlier frames.
    var frameSerials = FrameSerials()
    var visited = VisitList()
    var recordsVisits = true
    /// Largest side of an offscreen pass in pixels (bigger passes are drawn at lower resolution).
    static let maximumPassSide: Double = 4096

    init(layers: [UInt64: LayerSnapshot], textures: TextureCache) {
        self.layers = layers; self.textures = textures
    }

    /// The passes of one frame: the root layer `root` placed in a host of `viewport` points at
    /// `scale` pixels per point, y down when `flipped`, at absolute media time `time`. The last
    /// pass is the root (device pixels, origin top-left).
    mutating func frame(root: UInt64, time: CFTimeInterval, viewport: CGSize, scale: CGFloat,
                        flipped: Bool) -> [RenderPass] {
        let s = Double(scale)
        let device = CGRect(x: 0, y: 0, width: (viewport.width * scale).rounded(.up),
                            height: (viewport.height * scale).rounded(.up))
        let hostToDevice: ProjectiveTransform = flipped
            ? .scale(x: s, y: s)
            : ProjectiveTransform.scale(x: s, y: -s).concatenating(.translation(x: 0, y: Double(device.height)))
        var quads = QuadList()
        currentTarget = device
        emitLayer(root, parentTime: time, parentSublayerSpace: CATransform3DIdentity,
                  parentToTarget: hostToDevice, opacity: 1, clip: nil, flipParity: flipped, into: &quads)
        passes.append(RenderPass(id: RenderPassID(0), outputRect: device, quads: quads))
        return passes
    }

    /// The layer's local time under a parent at `parentTime` and its presentation state then
    /// (from this frame's tick when it evaluated the layer at that time); nil when hidden.
    func visibleState(_ snap: LayerSnapshot, parentTime: CFTimeInterval) -> (local: CFTimeInterval, state: LayerState)? {
        guard !snap.animations.isEmpty, let animations else { return snap.visibleState(parentTime: parentTime) }
        let local = snap.localTime(parentTime: parentTime)
        let st = animations.state(of: snap.id, local: local) ?? snap.presentationState(at: local)
        return st.isHidden ? nil : (local, st)
    }

    mutating func newPassID() -> RenderPassID {
        defer { nextPassID += 1 }
        return RenderPassID(nextPassID)
    }

    /// One layer and its subtree, drawn into the current target (`emitLayer`, in
    /// FrameBuilder+Reuse.swift, reuses the last frame's quads of static subtrees).
    /// - parentSublayerSpace: the superlayer's sublayer-space transform (its sublayerTransform and
    ///   geometry flip; for a mask, the flip only).
    /// - parentToTarget: the superlayer's bounds space → the target's pixels.
    /// - flipParity: the host flip and the superlayers' `isGeometryFlipped`, combined.
    mutating func emitLayerUncached(_ id: UInt64, parentTime: CFTimeInterval, parentSublayerSpace: CATransform3D,
                            parentToTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                            flipParity: Bool, into quads: inout QuadList) {
        guard let snap = layers[id], let (local, st) = visibleState(snap, parentTime: parentTime) else { return }
        let toParent = st.localTransform.concatenating(parentSublayerSpace)
        let renderer = snap.renderer
        if !renderer.isPlane(st) {   // a CATransformLayer: no plane of its own (its renderer places it)
            let layer = LayerDrawing(snapshot: snap, state: st, local: local, toTarget: parentToTarget,
                                     opacity: opacity * Double(min(max(st.opacity, 0), 1)), clip: clip,
                                     flipped: flipParity != st.isGeometryFlipped)
            renderer.emitWithoutPlane(layer, toPlane: toParent, builder: &self, into: &quads)
            return
        }
        if !st.isDoubleSided, let inv = toParent.inverted(), inv.m33 < 0 { return }
        let toTarget = ProjectiveTransform(flattening: toParent).concatenating(parentToTarget)
        guard toTarget.isFinite else {
            return CADiagnostics.report(CALayerDiagnostic(.nonFiniteValue,
                "layer \(snap.id) is not drawn: its transform to the frame is not finite (values past the float range)"))
        }
        let alpha = opacity * Double(min(max(st.opacity, 0), 1))
        guard alpha > 0 else { return }
        let flipped = flipParity != st.isGeometryFlipped     // this layer's contentsAreFlipped()
        if st.shouldRasterize,    // FrameBuilder+Rasterization.swift
           emitRasterized(snap, st, local: local, toTarget: toTarget, opacity: alpha, clip: clip,
                          flipped: flipped, into: &quads) { return }
        emitLayerContent(snap, st, local: local, toTarget: toTarget, opacity: alpha, clip: clip, flipped: flipped,
                         into: &quads)
    }

    /// A layer already placed (`toTarget`, its opacity multiplied into `alpha`): its shadow, then
    /// its body, through a group-opacity or mask pass when it needs one.
    mutating func emitLayerContent(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                   toTarget: ProjectiveTransform, opacity alpha: Double, clip: CGRect?,
                                   flipped: Bool, into quads: inout QuadList) {
        // A shadow cast by a body with sublayers shares one pass with the body (+Shadow).
        let body = sharedShadowBody(snap, st, local: local, toTarget: toTarget, flipped: flipped)
        emitShadow(snap, st, local: local, toTarget: toTarget, opacity: alpha, clip: clip, flipped: flipped,
                   caster: body, into: &quads)
        emitBackgroundFilters(st, toTarget: toTarget, opacity: alpha, clip: clip, into: &quads)   // +Filters
        let group = st.opacity < 1 && st.allowsGroupOpacity && !snap.sublayers.isEmpty
        let maskSnap = snap.mask.flatMap { layers[$0] }
        let filtered = filterEffect(st, toTarget: toTarget)   // FrameBuilder+Filters
        guard group || maskSnap != nil || filtered != nil else {
            emitBodyOrShared(body, snap, st, local: local, toTarget: toTarget, opacity: alpha, clip: clip,
                             flipped: flipped, into: &quads)
            return
        }
        // The subtree goes into a pass in the target's own space (no resampling), then is
        // composited with the group opacity, through the mask's alpha when there is one.
        // Each pass covers what its quads can touch, within the target (or the clip in force).
        let limit = clip ?? currentTarget
        let content = newPassID()
        var inner = QuadList()
        emitBodyOrShared(body, snap, st, local: local, toTarget: toTarget, opacity: group ? 1 : alpha, clip: nil,
                         flipped: flipped, into: &inner)
        let contentRect = FrameBuilder.filteredExtent(of: inner, within: limit, effect: filtered)
        guard !contentRect.isNull else { return }
        passes.append(RenderPass(id: content, outputRect: contentRect, quads: inner, effect: filtered?.passEffect))
        let state = SharedQuadState(opacity: group ? alpha : 1, clip: clip,
                                    blendMode: filtered?.blendMode ?? .sourceOver)
        if let maskSnap {
            let maskPass = newPassID()
            var maskQuads = QuadList()
            var flipOnly = st
            flipOnly.sublayerTransform = CATransform3DIdentity
            emitLayer(maskSnap.id, parentTime: local, parentSublayerSpace: flipOnly.sublayerSpaceTransform,
                      parentToTarget: toTarget, opacity: 1, clip: nil, flipParity: flipped, into: &maskQuads)
            let maskRect = FrameBuilder.extent(of: maskQuads, within: limit)
            let shown = contentRect.intersection(maskRect)
            guard !maskRect.isNull, !shown.isNull, shown.width > 0, shown.height > 0 else { return }
            passes.append(RenderPass(id: maskPass, outputRect: maskRect, quads: maskQuads))
            quads.append(.maskedPassOutput(shown, content, mask: maskPass, state: state))
        } else {
            quads.append(.renderPassOutput(contentRect, content, state: state))
        }
    }

    /// The whole-pixel box of what `quads` can touch (grown by a pixel for antialiasing), cut
    /// to `limit`; `limit` itself when a quad cannot be bounded; null when nothing is drawn.
    static func extent(of quads: QuadList, within limit: CGRect) -> CGRect {
        var box = CGRect.null
        for segment in quads.segments {
            if let run = segment.run {   // its bounds are kept (QuadRun)
                guard let b = run.bounds else { return limit }
                box = box.union(b)
                continue
            }
            for q in segment.quads {
                guard let b = Damage.box(q) else { return limit }
                box = box.union(b)
            }
        }
        guard !box.isNull else { return .null }
        let r = box.insetBy(dx: -1, dy: -1).intersection(limit).integral
        return r.isNull || r.width < 1 || r.height < 1 ? .null : r
    }

    /// The target currently drawn into (set while building a pass).
    var currentTarget = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// The layer's body in its own space, as its class draws it (`LayerRenderer.emitBody`).
    mutating func emitBody(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                           toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?, flipped: Bool,
                           into quads: inout QuadList) {
        let layer = LayerDrawing(snapshot: snap, state: st, local: local, toTarget: toTarget, opacity: opacity,
                                 clip: clip, flipped: flipped)
        snap.renderer.emitBody(layer, builder: &self, into: &quads)
    }

    /// A plane's body: background, contents, the class's content, sublayers, border, the
    /// class's overlay.
    mutating func emitPlaneBody<R: LayerRenderer>(_ layer: LayerDrawing, renderer: R, into quads: inout QuadList) {
        let snap = layer.snapshot, st = layer.state, toTarget = layer.toTarget
        let radii = cornerRadii(st)
        var shared = SharedQuadState(transform: toTarget, opacity: layer.opacity, clip: layer.clip)
        shared.aliasedEdges = aliasedEdges(st)
        if let bg = st.backgroundColor, let color = premultiplied(bg), color.alpha > 0 {
            quads.append(radii.isZero ? .solidColor(st.bounds, color, state: shared)
                                      : .roundedRect(st.bounds, radii: radii, color, state: shared))
        }
        var contentState = shared
        if st.masksToBounds { contentState.roundedClip = RoundedRect(rect: st.bounds, radii: radii) }
        emitContents(snap, st, flipped: layer.flipped, toTarget: toTarget, state: contentState, into: &quads)
        renderer.emitContent(layer, state: contentState, builder: &self, into: &quads)
        emitSublayers(snap, st, local: layer.local, toTarget: toTarget, radii: radii, opacity: layer.opacity,
                      clip: layer.clip, flipped: layer.flipped, into: &quads)
        if st.borderWidth > 0, let bc = st.borderColor, let color = premultiplied(bc), color.alpha > 0 {
            quads.append(.border(st.bounds, width: Double(st.borderWidth), radii: radii, color, state: shared))
        }
        renderer.emitOverlay(layer, state: contentState, builder: &self, into: &quads)
    }

    mutating func emitSublayers(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                toTarget: ProjectiveTransform, radii: CornerRadii, opacity: Double,
                                clip: CGRect?, flipped: Bool, into quads: inout QuadList) {
        guard !snap.sublayers.isEmpty else { return }
        let sublayerSpace = st.sublayerSpaceTransform
        let order = subtreeCache?.drawingOrder(of: snap.id, generation: layersGeneration) { drawingOrder(snap.sublayers) }
            ?? drawingOrder(snap.sublayers)
        guard st.masksToBounds else {   // each list drawn once, or once per instance (+Instances)
            return emitSublayerInstances(order, of: snap, st, local: local, sublayerSpace: sublayerSpace,
                                         toTarget: toTarget, opacity: opacity, clip: clip, flipped: flipped,
                                         into: &quads)
        }
        // masksToBounds: an axis-aligned, square-cornered clip is a device rectangle ...
        if radii.isZero, let a = toTarget.affine, a.b == 0, a.c == 0 {
            let r = st.bounds.applying(a)
            let childClip = clip.map { $0.intersection(r) } ?? r
            guard !childClip.isNull, !childClip.isEmpty else { return }
            return emitSublayerInstances(order, of: snap, st, local: local, sublayerSpace: sublayerSpace,
                                         toTarget: toTarget, opacity: opacity, clip: childClip, flipped: flipped,
                                         into: &quads)
        }
        // ... otherwise the sublayers go into a pass in the layer's own (scaled) space, composited
        // through the rounded bounds.
        let b = st.bounds
        guard b.width > 0, b.height > 0 else { return }
        var k = max(toTarget.localScale(x: Double(b.midX), y: Double(b.midY)), 0.01)
        k = min(k, FrameBuilder.maximumPassSide / Double(max(b.width, b.height)))
        let layerToPass = ProjectiveTransform.translation(x: -Double(b.minX), y: -Double(b.minY))
            .concatenating(.scale(x: k, y: k))
        guard let passToLayer = layerToPass.inverted() else { return }
        let passRect = CGRect(x: 0, y: 0, width: (Double(b.width) * k).rounded(.up), height: (Double(b.height) * k).rounded(.up))
        let id = newPassID()
        var inner = QuadList()
        let outerTarget = currentTarget
        currentTarget = passRect
        emitSublayerInstances(order, of: snap, st, local: local, sublayerSpace: sublayerSpace, toTarget: layerToPass,
                              opacity: opacity, clip: nil, flipped: flipped, into: &inner)
        currentTarget = outerTarget
        passes.append(RenderPass(id: id, outputRect: passRect, quads: inner))
        let scaledRadii = radii.scaled(by: k)
        var state = SharedQuadState(transform: passToLayer.concatenating(toTarget), opacity: 1, clip: clip)
        state.roundedClip = RoundedRect(rect: passRect, radii: scaledRadii)
        state.aliasedEdges = aliasedEdges(st)
        quads.append(.renderPassOutput(passRect, id, state: state))
    }

    /// Sublayers back to front: by zPosition (committed value), then in list order.
    func drawingOrder(_ ids: [UInt64]) -> [UInt64] {
        let z = ids.map { layers[$0]?.state.zPosition ?? 0 }
        if z.allSatisfy({ $0 == z.first }) { return ids }
        return ids.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { ids[$0] }
    }

    func cornerRadii(_ st: LayerState) -> CornerRadii {
        let r = Double(max(0, st.cornerRadius))
        guard r > 0 else { return .zero }
        let m = st.maskedCorners
        return CornerRadii(minXMinY: m.contains(.layerMinXMinYCorner) ? r : 0,
                           maxXMinY: m.contains(.layerMaxXMinYCorner) ? r : 0,
                           maxXMaxY: m.contains(.layerMaxXMaxYCorner) ? r : 0,
                           minXMaxY: m.contains(.layerMinXMaxYCorner) ? r : 0,
                           continuous: st.cornerCurve == .continuous)
    }

    func premultiplied(_ c: CGColor) -> PremultipliedColor? {
        let v = c.rgba
        guard v.a > 0 else { return nil }
        return PremultipliedColor(straightRed: Double(v.r), green: Double(v.g), blue: Double(v.b),
                                  alpha: Double(min(1, v.a)))
    }
}

extension ProjectiveTransform {
    /// The plane part of a 4 × 4 layer transform (rows and columns x, y, w), as a 3 × 3 map.
    init(flattening m: CATransform3D) {
        self.init(m11: Double(m.m11), m12: Double(m.m12), m13: Double(m.m14),
                  m21: Double(m.m21), m22: Double(m.m22), m23: Double(m.m24),
                  m31: Double(m.m41), m32: Double(m.m42), m33: Double(m.m44))
    }
}
