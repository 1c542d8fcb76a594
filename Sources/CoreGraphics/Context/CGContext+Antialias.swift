import CQuartzCairo

extension CGContext {
    /// Turns antialiasing of later drawing on or off (Apple's `setShouldAntialias(_:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456423-setshouldantialias).
    /// Part of the graphics state; default true. Drawing is antialiased only while both this
    /// and `setAllowsAntialiasing(_:)` are true. Off: each pixel is fully covered or not
    /// (cairo's CAIRO_ANTIALIAS_NONE), text included.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        gstate.shouldAntialias = shouldAntialias
        applyAntialias()
    }

    /// Allows or forbids antialiasing (Apple's `setAllowsAntialiasing(_:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454131-setallowsantialiasing).
    /// Default true. Unlike Apple's (which is not part of the graphics state), this one is saved
    /// and restored with it, because cairo's antialias setting is.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        gstate.allowsAntialiasing = allowsAntialiasing
        applyAntialias()
    }

    /// Whether drawing is antialiased now.
    var antialiases: Bool { gstate.shouldAntialias && gstate.allowsAntialiasing }

    func applyAntialias() {
        cairo_set_antialias(cr, antialiases ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }
}
