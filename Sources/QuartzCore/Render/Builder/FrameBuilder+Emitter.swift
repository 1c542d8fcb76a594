import Foundation

/// The particles of a `CAEmitterLayer`, drawn last in the layer's body: above its background,
/// contents, sublayers and border (Apple: "drawn above the layer's background color and
/// border", https://developer.apple.com/documentation/quartzcore/caemitterlayer).
///
/// Each live particle of `EmitterSimulation` at the layer's local time becomes a texture quad
/// of its cell's `contents` (cropped by `contentsRect`, `contentsScale` pixels per point,
/// times the particle's scale), centred on the particle, rotated by its spin and tinted by its
/// colour (`SharedQuadState.tint`: premultiplied colour × image). `renderMode` additive draws
/// with `BlendMode.plus`. Particles keep the layer's opacity and clips. z is flattened. When
/// an animation moves the emitter (`emitter…` key paths), each particle is born where the
/// emitter was at its birth time.
struct EmitterLayerRenderer: LayerRenderer {
    var drawsWithTime: Bool { true }
    func emitOverlay(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        builder.emitParticles(layer.snapshot, local: layer.local, toTarget: layer.toTarget, flipped: layer.flipped,
                              state: state, into: &quads)
    }
}

extension FrameBuilder {
    mutating func emitParticles(_ snap: LayerSnapshot, local: CFTimeInterval, toTarget: ProjectiveTransform,
                                flipped: Bool, state: SharedQuadState, into quads: inout QuadList) {
        let emitter = snap.presentationState(at: local).emitter
        guard let cells = emitter.emitterCells, !cells.isEmpty else { return }
        let parameters = EmitterParameters(emitter)
        // Animated emitter geometry places each particle where the emitter was at its birth.
        let animatesShape = snap.animations.contains { entry in
            guard let key = (entry.animation as? CAPropertyAnimation)?.keyPath else { return entry.animation is CAAnimationGroup }
            return key.hasPrefix("emitter") && !key.hasPrefix("emitterCells")
        }
        let shapeAt: ((Double) -> EmitterParameters)? = animatesShape ? { birth in
            EmitterParameters(snap.presentationState(at: birth).emitter)
        } : nil
        let run = EmitterSimulation.simulate(parameters, cells: cells.map { EmitterCellModel($0) }, at: local,
                                             shapeAt: shapeAt)
        if run.capped {
            CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: "birthRate",
                "emitter layer \(snap.id): more than \(EmitterSimulation.maximumParticles) live particles; the oldest are not drawn"))
        }
        var cellTextures: [Int: TextureResource?] = [:]
        var base = state
        if parameters.renderMode == .additive { base.blendMode = .plus }
        if let rc = state.roundedClip {
            // masksToBounds: the rounded clip lives in the layer's space, not a particle's, so it
            // becomes the device box of the bounds (exact for unrotated bounds with square
            // corners; the enclosing box otherwise).
            base.roundedClip = nil
            guard let box = toTarget.boundingBox(of: rc.rect) else { return }
            let limit = state.clip.map { box.intersection($0) } ?? box
            guard !limit.isNull, !limit.isEmpty else { return }
            base.clip = limit
        }
        for p in run.particles {
            let cell = run.cells[p.cell]
            guard p.scale > 0, p.color.a > 0, p.x.isFinite, p.y.isFinite, p.rotation.isFinite,
                  let image = cell.contents else { continue }
            let cached = cellTextures[p.cell] ?? textures.texture(for: image)
            cellTextures[p.cell] = cached
            guard let texture = cached else { continue }
            let w = Double(texture.width), h = Double(texture.height)
            let cr = cell.contentsRect.standardized
            let source = CGRect(x: Double(cr.minX) * w, y: Double(cr.minY) * h,
                                width: Double(cr.width) * w, height: Double(cr.height) * h)
            guard source.width > 0, source.height > 0 else { continue }
            let sw = Double(source.width) / cell.contentsScale * p.scale
            let sh = Double(source.height) / cell.contentsScale * p.scale
            let rect = CGRect(x: -sw / 2, y: -sh / 2, width: sw, height: sh)
            // Particle space → layer: rotate, then move to the particle; the image's first row
            // is at the top on screen (minY when flipped, as contents are).
            let c = cos(p.rotation), s = sin(p.rotation)
            var place = ProjectiveTransform(m11: c, m12: s, m13: 0, m21: -s, m22: c, m23: 0,
                                            m31: p.x, m32: p.y, m33: 1)
            if !flipped { place = ProjectiveTransform.scale(x: 1, y: -1).concatenating(place) }
            var quadState = base
            quadState.transform = place.concatenating(toTarget)
            let white = p.color.r == 1 && p.color.g == 1 && p.color.b == 1 && p.color.a == 1
            quadState.tint = white ? nil : PremultipliedColor(straightRed: p.color.r, green: p.color.g,
                                                               blue: p.color.b, alpha: p.color.a)
            let drawn = sw * quadState.transform.localScale(x: 0, y: 0)
            let magnifying = drawn >= Double(source.width) - 1e-9
            let f = magnifying ? cell.magnificationFilter : cell.minificationFilter
            let filter: TextureFilter = f == .nearest ? .nearest : (f == .trilinear && !magnifying ? .trilinear : .linear)
            quads.append(.texture(rect, texture, sourceRect: source, filter: filter, edge: .clamp, state: quadState))
        }
    }
}
