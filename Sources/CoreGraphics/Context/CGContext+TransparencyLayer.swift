import CQuartzCairo

// Transparency layers (Apple's `beginTransparencyLayer(auxiliaryInfo:)`,
// https://developer.apple.com/documentation/coregraphics/cgcontext/begintransparencylayer(auxiliaryinfo:),
// and Quartz 2D's "Transparency Layers" chapter): drawing between begin and end goes into a
// fully transparent backdrop, which is then composited as one object with the global alpha,
// shadow, blend mode and clip (mask clips included) that were in force at the begin.
//
// cairo groups do the work: `cairo_push_group` at the begin, `cairo_pop_group` at the end and
// one paint of the group through the ordinary paint funnel (`performPaint`), so the shadow and
// blend mode apply to the composite exactly as they do to a fill. On PDF pages the group is a
// PDF transparency group: what was drawn inside stays vector.

extension CGContext {
    /// Begins a transparency layer (Apple's `beginTransparencyLayer(auxiliaryInfo:)`).
    ///
    /// Until the matching `endTransparencyLayer()`, drawing goes into a transparent backdrop;
    /// inside it the global alpha is 1, shadows are off, the blend mode is normal and mask
    /// clips are not re-applied (they apply once, to the composite); every other part of the
    /// graphics state (CTM, clip, colours, line settings) is unchanged. Layers nest.
    /// `auxiliaryInfo` is accepted and ignored, as Apple's is.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        saveGState()
        transparencyLayerDepths.append(gstack.count)
        cairo_push_group(cr)
        gstate.alpha = 1
        gstate.blendMode = .normal
        gstate.shadowColor = nil
        gstate.maskClip = nil
    }

    /// Begins a transparency layer whose content is bounded by `rect` (user space; Apple's
    /// `beginTransparencyLayer(in:auxiliaryInfo:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/begintransparencylayer(in:auxiliaryinfo:)):
    /// drawing outside `rect` is clipped away. A null or non-finite `rect` bounds nothing
    /// (the layer is as `beginTransparencyLayer(auxiliaryInfo:)`'s).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        let r = rect.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        withScratchPath {
            cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
            cairo_clip(cr)
        }
    }

    /// Ends the innermost transparency layer (Apple's `endTransparencyLayer()`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/endtransparencylayer()):
    /// graphics states still saved inside it are restored, then its content is composited with
    /// the alpha, shadow, blend mode and clip of the state at the begin. Ignored when no layer
    /// is open.
    public func endTransparencyLayer() {
        guard let depth = transparencyLayerDepths.last else { return }
        while gstack.count > depth { restoreGState() }
        transparencyLayerDepths.removeLast()
        guard let pattern = cairo_pop_group(cr) else { restoreGState(); return }
        defer { cairo_pattern_destroy(pattern) }
        restoreGState()
        withScratchPath {
            performPaint(extents: nil) {
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, Double(gstate.alpha))
            }
        }
    }
}
