import CQuartzCairo

/// The clipping area: part of the graphics state (restored by `restoreGState`), only ever
/// narrowed by the `clip` calls. Follows https://developer.apple.com/documentation/coregraphics/cgcontext
/// (Managing the clipping area).
extension CGContext {
    /// Intersects the clip with the area inside the current path under `rule`, then clears the
    /// current path. An empty path leaves nothing drawable.
    public func clip(using rule: CGPathFillRule = .winding) {
        defer { endPath() }
        guard canDraw else { return }
        if pathOutOfRange { cairo_new_path(cr) }   // an empty path: nothing stays drawable
        cairo_set_fill_rule(cr, CGContext.cairoFillRule(rule))
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect` (user space). The current path is left as it was.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects` (user space). The current path is left as it was.
    public func clip(to rects: [CGRect]) {
        guard canDraw else { return }
        withScratchPath {
            addRects(rects)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
    }

    /// Removes all clipping: the whole bitmap (or page) becomes drawable again.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/resetclip())
    public func resetClip() { cairo_reset_clip(cr) }

    /// The user-space bounding box of the clipping area (the whole bitmap when unclipped;
    /// `.null` while the CTM is singular).
    public var boundingBoxOfClipPath: CGRect {
        guard canDraw else { return .null }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
}
