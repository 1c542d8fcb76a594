import CQuartzCairo

// Blend modes (Apple's `setBlendMode(_:)`, https://developer.apple.com/documentation/coregraphics/cgcontext/1455994-setblendmode,
// formulas at https://developer.apple.com/documentation/coregraphics/cgblendmode).
//
// Every CGBlendMode maps to a cairo operator except `plusDarker` (R = max(0, 1 - ((1 - D) + (1 - S)))):
// cairo and pixman have no such operator, so it draws as `normal` (OVER).
//
// Bounded vs unbounded: Apple composites every mode only where the shape is drawn; pixels
// outside the shape keep their value (this is why WebKit's canvas has to emulate the HTML
// spec's unbounded source-in/source-out/destination-in/destination-atop on CoreGraphics,
// see its `isFullCanvasCompositeMode`). cairo's IN, OUT, DEST_IN and DEST_ATOP are unbounded:
// they also clear everything outside the shape within the clip. For those four `drawBlended`
// emulates Apple's bounded result on bitmap contexts (see below); on PDF contexts they stay
// cairo's unbounded operators. cairo's CLEAR and SOURCE (`clear`, `copy`) are bounded, as Apple's.

extension CGContext {
    /// Sets how later drawing composites with what is already there (Apple's `setBlendMode(_:)`).
    /// Part of the graphics state. See the note at the top of CGContext+Blend.swift.
    public func setBlendMode(_ mode: CGBlendMode) {
        gstate.blendMode = mode
        applyBlendMode()
    }

    /// Sets cairo's operator from `gstate.blendMode`.
    func applyBlendMode() {
        cairo_set_operator(cr, CGContext.cairoOperator(for: gstate.blendMode))
    }

    package static func cairoOperator(for mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        case .plusDarker: CAIRO_OPERATOR_OVER  // not expressible in cairo (see above)
        }
    }

    /// The modes cairo applies outside the drawn shape too.
    static func isUnbounded(_ mode: CGBlendMode) -> Bool {
        mode == .sourceIn || mode == .sourceOut || mode == .destinationIn || mode == .destinationAtop
    }

    /// Runs `draw` with the blend mode's operator. For the four unbounded modes on a bitmap,
    /// composites Apple's way instead: the result of the operator over a copy of the
    /// destination replaces the destination only through the shape's coverage. Coverage is the
    /// shape's alpha scaled so its maximum is 1, exact for single-alpha sources (solid colours,
    /// opaque images), approximate for sources whose alpha varies.
    func drawBlended(_ draw: () -> Void) {
        let mode = gstate.blendMode
        applyBlendMode()
        guard CGContext.isUnbounded(mode), bitmap != nil else { return draw() }
        let path = SavedPath(cr)
        guard let coverage = captureAlpha({ path.replay(); draw() }) else { return }
        coverage.normalize()
        let destination = cairo_get_group_target(cr)
        cairo_push_group(cr)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, destination, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        applyBlendMode()
        path.replay()
        draw()
        let result = cairo_pop_group(cr)
        cairo_save(cr)
        cairo_set_source(cr, result)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, coverage.surface, 0, 0)
        cairo_restore(cr)
        cairo_pattern_destroy(result)
    }
}

extension AlphaRaster {
    /// Rescales the ink box so that its largest value becomes 255.
    func normalize() {
        let p = bytes, s = stride
        var peak: UInt8 = 0
        for y in y0..<y1 { for x in x0..<x1 { peak = max(peak, p[y * s + x]) } }
        guard peak > 0, peak < 255 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { p[y * s + x] = UInt8(min(255, (Int(p[y * s + x]) * 255 + Int(peak) / 2) / Int(peak))) }
        }
        cairo_surface_mark_dirty(surface)
    }
}
