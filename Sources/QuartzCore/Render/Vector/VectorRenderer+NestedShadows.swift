import CoreGraphics

/// Nested shadows on the vector path: a layer whose body casts a shadow rasterizes its whole
/// subtree for that shadow, and the walk then goes on into the sublayers, which do the same for
/// theirs — cost growing with the square of the nesting depth (40 levels: seconds; the reader's
/// 256: minutes). When a body-cast shadow has another shadow below it, the layer is drawn by the
/// compositor as one image instead (FrameBuilder shares each body between its shadow and itself,
/// so that is linear), like a perspective subtree. Shadows without nesting stay as before.
extension VectorRenderer {
    /// True when `st` casts its shadow from its body and some layer below it casts a shadow too.
    func hasNestedShadows(_ snap: LayerSnapshot, _ st: LayerState) -> Bool {
        guard Self.castsShadow(st), st.shadowPath == nil, !snap.sublayers.isEmpty else { return false }
        var stack = snap.sublayers
        while let id = stack.popLast() {
            guard let s = layers[id] else { continue }
            if Self.castsShadow(s.state) { return true }
            stack.append(contentsOf: s.sublayers)
        }
        return false
    }

    static func castsShadow(_ st: LayerState) -> Bool {
        st.shadowOpacity > 0 && (st.shadowColor?.alpha ?? 0) > 0
    }

    /// The layer with its shadow, body and effects, drawn by the compositor as one image in its
    /// own bounds space (the current user space).
    func drawWithNestedShadows(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval, opacity: Double,
                               flipped: Bool) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setAlpha(1)
        drawRasterized(region: nil) { builder, toTarget, quads in
            builder.emitLayerContent(snap, st, local: local, toTarget: toTarget, opacity: opacity, clip: nil,
                                     flipped: flipped, into: &quads)
        }
    }
}
