import CQuartzCairo

/// Stroke geometry settings, kept in cairo's graphics state (saved and restored with
/// `saveGState`/`restoreGState`). Defaults as on Apple: width 1, butt caps, miter joins, miter
/// limit 10. Non-finite or negative values are ignored.
/// Follows https://developer.apple.com/documentation/coregraphics/cgcontext (Setting path drawing options).
extension CGContext {
    /// Sets the stroke width in user-space units (measured when the stroke is drawn). 0 draws
    /// nothing (Apple draws the thinnest line the device can; cairo has no hairlines).
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        cairo_set_line_width(cr, Double(width))
    }

    /// Sets how the ends of open subpaths are drawn.
    public func setLineCap(_ cap: CGLineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    /// Sets how corners between segments are drawn.
    public func setLineJoin(_ join: CGLineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    /// Sets the miter limit: a miter join longer than `limit` × line width becomes a bevel.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 0 else { return }
        cairo_set_miter_limit(cr, Double(limit))
    }

    /// Sets how finely curves are flattened (larger is coarser). Accepted and mapped to cairo's
    /// tolerance as `flatness × 0.1` device pixels (so flatness 1 gives cairo's default 0.1),
    /// clamped to 0.01…10.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/setflatness(_:))
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite, flatness >= 0 else { return }
        cairo_set_tolerance(cr, min(10, max(0.01, Double(flatness) * 0.1)))
    }
}
