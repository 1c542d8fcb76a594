import CQuartzCairo

/// What a text engine (pango's layouts here, CoreText's lines) paints glyphs with: the cairo
/// context in the text's local space — origin at the left end of the baseline, 1 unit = 1 user
/// unit, **y down** as pango and cairo draw glyphs — and colours with the context's alpha.
package struct GlyphCanvas {
    package let cr: OpaquePointer
    let alpha: CGFloat
    /// Multiplies the red, green and blue of every colour set (its alpha is not used): a
    /// replicator instance's colour over text whose runs keep their own colours.
    package var tint: CGColor?

    /// A canvas over a cairo context already in the text's space (a compositor's own), its
    /// colours multiplied by `alpha`.
    package init(cr: OpaquePointer, alpha: CGFloat) { self.cr = cr; self.alpha = alpha }

    /// Makes `color` (times the context's global alpha) the source for the next glyphs.
    package func setColor(_ color: CGColor) {
        let c = color.rgba, t = tint?.rgba ?? (r: 1, g: 1, b: 1, a: 1)
        cairo_set_source_rgba(cr, Double(c.r * t.r), Double(c.g * t.g), Double(c.b * t.b), Double(c.a * alpha))
    }
}

extension CGContext {
    /// Paints text through the context's CTM, text matrix, antialias setting, global alpha,
    /// blend mode, shadow and mask clip, leaving the current path untouched.
    ///
    /// `origin` is the left end of the baseline in user space (y up); the text matrix
    /// (`matrix`) applies about it, as Apple's text space does. `inkBounds` is where the glyphs
    /// may paint, relative to the origin, y up (it bounds the pixels copied back into bitmaps
    /// whose layout is not cairo's). `draw` may run more than once (shadow, blend passes).
    package func paintGlyphs(at origin: CGPoint, matrix: CGAffineTransform = .identity,
                             inkBounds: CGRect, _ draw: (GlyphCanvas) -> Void) {
        // A singular or non-finite text matrix draws nothing, as on Apple.
        let det = matrix.a * matrix.d - matrix.b * matrix.c
        guard origin.x.isFinite, origin.y.isFinite, det != 0, det.isFinite,
              matrix.tx.isFinite, matrix.ty.isFinite else { return }
        let saved = SavedPath(cr)
        cairo_new_path(cr)
        cairo_save(cr)
        cairo_translate(cr, Double(origin.x), Double(origin.y))
        var m = cairo_matrix_t(xx: Double(matrix.a), yx: Double(matrix.b), xy: Double(matrix.c),
                               yy: Double(matrix.d), x0: Double(matrix.tx), y0: Double(matrix.ty))
        cairo_transform(cr, &m)
        cairo_scale(cr, 1, -1)
        cairo_set_antialias(cr, antialiases ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        let canvas = GlyphCanvas(cr: cr, alpha: gstate.alpha)
        withPaintEffects {
            draw(canvas)
            cairo_new_path(cr)
        }
        cairo_restore(cr)
        saved.replay()
        let box = inkBounds.insetBy(dx: -1, dy: -1).applying(matrix)
        guard box.minX.isFinite, box.maxY.isFinite else { return didDraw(userExtents: nil) }
        didDraw(userExtents: (Double(origin.x + box.minX), Double(origin.y + box.minY),
                              Double(origin.x + box.maxX), Double(origin.y + box.maxY)))
    }
}
