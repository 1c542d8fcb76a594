import CoreGraphics

/// `CATransition` (https://developer.apple.com/documentation/quartzcore/catransition): while a
/// transition runs on a layer, the layer's body (background, contents, sublayers, border) is
/// drawn twice, as it was before the commit that added the transition (the render tree kept
/// that subtree) and as it is now, combined by the transition's type at its progress p:
///
/// - `fade`: a crossfade, old × (1 − p) + new × p (both drawn into passes, added with PLUS);
/// - `moveIn`: the new body slides in over the old one from the subtype's side;
/// - `push`: the new body slides in and pushes the old one out;
/// - `reveal`: the old body slides out, uncovering the new one.
///
/// p runs from `startProgress` to `endProgress` through the timing function. Subtypes name the
/// side of the screen the motion comes from (`fromLeft` moves rightwards), so `fromTop` and
/// `fromBottom` follow the layer's flip. Slid bodies move by the bounds' width or height and
/// are clipped only as the layer's `masksToBounds` clips. Types Apple keeps private (`cube`,
/// `rippleEffect`, …) draw as `fade`. The layer's shadow, mask and opacity are the new ones.
extension FrameBuilder {
    mutating func emitBodyOrTransition(_ snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                                       toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?, flipped: Bool,
                                       into quads: inout QuadList) {
        guard let (transition, p, oldLayers) = runningTransition(snap, at: local),
              let oldSnap = oldLayers[snap.id] else {
            emitBody(snap, st, local: local, toTarget: toTarget, opacity: opacity, clip: clip, flipped: flipped,
                     into: &quads)
            return
        }
        let oldState = oldSnap.presentationState(at: local)
        // The layer's own bounds space is y-down on screen when its superlayers' flips say so.
        let yDown = flipped != st.isGeometryFlipped
        let (ux, uy) = Self.direction(of: transition.subtype, yDown: yDown)
        let w = Double(st.bounds.width), h = Double(st.bounds.height)
        func moved(_ amount: Double) -> ProjectiveTransform {
            ProjectiveTransform.translation(x: ux * w * amount, y: uy * h * amount).concatenating(toTarget)
        }
        func old(_ t: ProjectiveTransform, _ alpha: Double, _ into: inout QuadList) {
            emitOldBody(oldSnap, oldState, layers: oldLayers, local: local, toTarget: t, opacity: alpha,
                        clip: clip, flipped: flipped, into: &into)
        }
        func new(_ t: ProjectiveTransform, _ alpha: Double, _ into: inout QuadList) {
            emitBody(snap, st, local: local, toTarget: t, opacity: alpha, clip: clip, flipped: flipped, into: &into)
        }
        switch transition.type {
        case .moveIn:
            old(toTarget, opacity, &quads)
            new(moved(p - 1), opacity, &quads)
        case .push:
            old(moved(p), opacity, &quads)
            new(moved(p - 1), opacity, &quads)
        case .reveal:
            new(toTarget, opacity, &quads)
            old(moved(p), opacity, &quads)
        default:
            var oldQuads = QuadList(), newQuads = QuadList()
            old(toTarget, 1, &oldQuads)
            new(toTarget, 1, &newQuads)
            emitCrossfade(p: p, opacity: opacity, clip: clip, old: oldQuads, new: newQuads, into: &quads)
        }
    }

    /// The layer's newest running transition, its progress, and the subtree it started from.
    func runningTransition(_ snap: LayerSnapshot, at local: CFTimeInterval)
        -> (CATransition, Double, [UInt64: LayerSnapshot])? {
        guard !transitionSources.isEmpty else { return nil }
        for entry in snap.animations.reversed() {
            guard let transition = entry.animation as? CATransition, let begin = entry.resolvedBeginTime,
                  let old = transitionSources[ObjectIdentifier(entry)] else { continue }
            var params = transition.timingParameters
            params.beginTime = begin
            guard let timing = MediaTiming.evaluate(params, atParentTime: local) else { continue }
            let eased = transition.timingFunction?.output(at: timing.fraction) ?? timing.fraction
            let start = Double(transition.startProgress), end = Double(transition.endProgress)
            return (transition, min(max(start + (end - start) * eased, 0), 1), old)
        }
        return nil
    }

    /// The unit motion (in the layer's bounds space) of content coming from `subtype`'s side.
    static func direction(of subtype: CATransitionSubtype?, yDown: Bool) -> (Double, Double) {
        switch subtype {
        case .fromRight?: return (-1, 0)
        case .fromTop?: return (0, yDown ? 1 : -1)
        case .fromBottom?: return (0, yDown ? -1 : 1)
        default: return (1, 0)   // fromLeft, and Apple's default direction
        }
    }

    /// The old body, built from the kept subtree (its sublayers are looked up there).
    mutating func emitOldBody(_ snap: LayerSnapshot, _ st: LayerState, layers old: [UInt64: LayerSnapshot],
                              local: CFTimeInterval, toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                              flipped: Bool, into quads: inout QuadList) {
        var sub = FrameBuilder(layers: old, textures: textures)
        sub.nextPassID = nextPassID
        sub.currentTarget = currentTarget
        sub.emitBody(snap, st, local: local, toTarget: toTarget, opacity: opacity, clip: clip, flipped: flipped,
                     into: &quads)
        passes += sub.passes
        nextPassID = sub.nextPassID
    }

    /// old × (1 − p) + new × p: each body into a pass over the current target (or clip), the
    /// two passes added into a third, which is drawn with `opacity`.
    mutating func emitCrossfade(p: Double, opacity: Double, clip: CGRect?,
                                old oldQuads: QuadList, new newQuads: QuadList, into quads: inout QuadList) {
        let limit = clip ?? currentTarget
        let oldRect = FrameBuilder.extent(of: oldQuads, within: limit)
        let newRect = FrameBuilder.extent(of: newQuads, within: limit)
        let both = oldRect.union(newRect)
        guard !both.isNull else { return }
        var mixed = QuadList()
        if !oldRect.isNull, p < 1 {
            let id = newPassID()
            passes.append(RenderPass(id: id, outputRect: oldRect, quads: oldQuads))
            mixed.append(.renderPassOutput(oldRect, id, state: SharedQuadState(opacity: 1 - p, blendMode: .plus)))
        }
        if !newRect.isNull, p > 0 {
            let id = newPassID()
            passes.append(RenderPass(id: id, outputRect: newRect, quads: newQuads))
            mixed.append(.renderPassOutput(newRect, id, state: SharedQuadState(opacity: p, blendMode: .plus)))
        }
        let mixID = newPassID()
        passes.append(RenderPass(id: mixID, outputRect: both, quads: mixed))
        quads.append(.renderPassOutput(both, mixID, state: SharedQuadState(opacity: opacity, clip: clip)))
    }
}
