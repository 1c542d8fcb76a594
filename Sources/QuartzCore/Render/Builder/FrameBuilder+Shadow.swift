import CoreGraphics

/// Layer shadows (https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity):
/// cast by `shadowPath` when set, else by the layer's composited alpha (background, contents,
/// border and sublayers); blurred by a Gaussian whose standard deviation is `shadowRadius / 2`
/// points (the convention CSS and WebKit use for a blur radius; Apple does not document one);
/// coloured `shadowColor` × `shadowOpacity`; offset by `shadowOffset` in the layer's own space.
/// With `masksToBounds` the shadow is clipped to the layer's bounds, rounded by `cornerRadius`
/// (to the bounds' device box when the layer is rotated or in perspective), so it does not show
/// outside the layer (as on Apple, where masking clips the layer's own shadow).
extension FrameBuilder {
    /// `caster`: the layer's body already drawn into a pass (`sharedShadowBody`), else the body
    /// is drawn again for the shadow.
    mutating func emitShadow(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                             toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?, flipped: Bool,
                             caster shared: SharedBody? = nil, into quads: inout QuadList) {
        guard st.shadowOpacity > 0, let sc = st.shadowColor else { return }
        let c = sc.rgba
        let alpha = Double(c.a) * Double(min(st.shadowOpacity, 1))
        guard alpha > 0 else { return }
        let target = currentTarget
        let k = max(toTarget.localScale(x: Double(st.bounds.midX), y: Double(st.bounds.midY)), 1e-3)
        // Capped at the target's size: a wider blur spreads the shadow to nothing anyway.
        let sigma = min(Double(max(0, st.shadowRadius)) / 2 * k, Double(max(target.width, target.height)))
        // The casting shape, drawn opaque into a pass in the target's space.
        var caster = QuadList()
        if let shared {
            caster.append(.renderPassOutput(shared.rect, shared.id, state: SharedQuadState()))
        } else if let path = st.shadowPath {
            // A path material (rasterised by the backend, cached by the path's identity, so a
            // still shadow is no damage). Under perspective the shape is not drawn, as before.
            let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
            guard toTarget.affine != nil,
                  let quad = PathMaterial.quad(PathMaterial(path: path, fill: .init(color: black)),
                                               state: SharedQuadState(transform: toTarget)) else { return }
            caster.append(quad)
        } else {
            emitBody(snap, st, local: local, toTarget: toTarget, opacity: 1, clip: nil, flipped: flipped,
                     into: &caster)
        }
        guard !caster.isEmpty else { return }
        // The pass covers the casting shape grown by the blur's reach (3σ), not the whole target,
        // so a small shadow in a large frame stays small.
        let reach = CGFloat(3 * sigma + 2)
        let extent = FrameBuilder.extent(of: caster, within: target.insetBy(dx: -reach, dy: -reach))
        let passRect = extent.insetBy(dx: -reach, dy: -reach).intersection(target).integral
        guard !passRect.isNull, passRect.width >= 1, passRect.height >= 1 else { return }
        let id = newPassID()
        let color = PremultipliedColor(straightRed: Double(c.r), green: Double(c.g), blue: Double(c.b), alpha: alpha)
        passes.append(RenderPass(id: id, outputRect: passRect, quads: caster, effect: .shadow(color: color, sigma: sigma)))
        // Offset: the layer-space vector mapped to the target.
        let o = st.shadowOffset
        let p0 = toTarget.map(CGPoint(x: st.bounds.midX, y: st.bounds.midY))
        let p1 = toTarget.map(CGPoint(x: st.bounds.midX + o.width, y: st.bounds.midY + o.height))
        guard let p0, let p1 else { return }
        var state = SharedQuadState(transform: .translation(x: Double(p1.x - p0.x), y: Double(p1.y - p0.y)),
                                    opacity: opacity, clip: clip)
        if st.masksToBounds {
            guard let box = toTarget.boundingBox(of: st.bounds) else { return }
            state.clip = clip.map { $0.intersection(box) } ?? box
            state.roundedClip = roundedBounds(st, toTarget: toTarget)?
                .offsetBy(dx: -Double(p1.x - p0.x), dy: -Double(p1.y - p0.y))
        }
        quads.append(.renderPassOutput(passRect, id, state: state))
    }

    /// A layer's body drawn once into a pass of the current target's space, at opacity 1.
    struct SharedBody { let id: RenderPassID; let rect: CGRect }

    /// For a layer whose shadow is cast by its body (no `shadowPath`) and whose body has
    /// sublayers: the body drawn once into a pass, which both casts the shadow and is
    /// composited as the body. Drawing the body twice instead (once as the caster, once for
    /// real) doubles the work at every shadowed level, so nested shadowed layers cost 2^depth;
    /// sharing keeps the cost linear in the tree. (The body is then composited as a group at the
    /// layer's opacity.) nil when the layer needs no such pass.
    mutating func sharedShadowBody(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                   toTarget: ProjectiveTransform, flipped: Bool) -> SharedBody? {
        guard st.shadowPath == nil, !snap.sublayers.isEmpty, st.shadowOpacity > 0,
              let color = st.shadowColor, color.rgba.a > 0 else { return nil }
        var inner = QuadList()
        emitBodyOrTransition(snap, st, local: local, toTarget: toTarget, opacity: 1, clip: nil, flipped: flipped,
                             into: &inner)
        let rect = FrameBuilder.extent(of: inner, within: currentTarget)
        guard !rect.isNull else { return nil }
        let id = newPassID()
        passes.append(RenderPass(id: id, outputRect: rect, quads: inner))
        return SharedBody(id: id, rect: rect)
    }

    /// The body as `emitBodyOrTransition` draws it, or the shared pass of it at `opacity`.
    mutating func emitBodyOrShared(_ shared: SharedBody?, _ snap: LayerSnapshot, _ st: LayerState,
                                   local: CFTimeInterval, toTarget: ProjectiveTransform, opacity: Double,
                                   clip: CGRect?, flipped: Bool, into quads: inout QuadList) {
        guard let shared else {
            emitBodyOrTransition(snap, st, local: local, toTarget: toTarget, opacity: opacity, clip: clip,
                                 flipped: flipped, into: &quads)
            return
        }
        quads.append(.renderPassOutput(shared.rect, shared.id, state: SharedQuadState(opacity: opacity, clip: clip)))
    }

    /// The layer's rounded bounds in target space when the layer maps to the target by scale
    /// and translation alone (so corners stay circular up to the scale), else nil: then the
    /// clip stays the bounds' box. Corner names follow any mirroring of the map.
    func roundedBounds(_ st: LayerState, toTarget: ProjectiveTransform) -> RoundedRect? {
        let radii = cornerRadii(st)
        guard !radii.isZero, let a = toTarget.affine, a.b == 0, a.c == 0 else { return nil }
        let k = Double(min(abs(a.a), abs(a.d)))
        var r = CornerRadii(minXMinY: radii.minXMinY * k, maxXMinY: radii.maxXMinY * k,
                            maxXMaxY: radii.maxXMaxY * k, minXMaxY: radii.minXMaxY * k)
        if a.a < 0 { r = CornerRadii(minXMinY: r.maxXMinY, maxXMinY: r.minXMinY, maxXMaxY: r.minXMaxY, minXMaxY: r.maxXMaxY) }
        if a.d < 0 { r = CornerRadii(minXMinY: r.minXMaxY, maxXMinY: r.maxXMaxY, maxXMaxY: r.maxXMinY, minXMaxY: r.minXMinY) }
        return RoundedRect(rect: st.bounds.applying(a).standardized, radii: r)
    }
}
