import CoreGraphics

/// An emitter's particles on the vector path: rasterized by `FrameBuilder.emitParticles` and
/// the CPU compositor (they are tinted images) and drawn as one image after the border (as the compositor path does), so
/// `render(in:)` into a PDF shows what the compositor path shows. Additive particles add to one
/// another there, but are then drawn over what is below them.
extension VectorRenderer {
    func particles(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval, opacity: Double, flipped: Bool) {
        guard snap.table === PropertyTable.emitterLayer else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if st.masksToBounds {
            ctx.addPath(VectorShapes.roundedRect(st.bounds, radii: rules.cornerRadii(st),
                                                 continuous: st.cornerCurve == .continuous))
            ctx.clip()
        }
        drawRasterized(region: st.masksToBounds ? st.bounds : nil) { builder, toTarget, quads in
            builder.emitParticles(snap, local: local, toTarget: toTarget, flipped: flipped,
                                  state: SharedQuadState(transform: toTarget, opacity: opacity), into: &quads)
        }
    }
}
