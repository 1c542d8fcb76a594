import CQuartzCairo

/// Axial gradients. Follows https://developer.apple.com/documentation/coregraphics/cgcontext/drawlineargradient(_:start:end:options:).
extension CGContext {
    /// Fills the clip area with `gradient` varying along the line from `start` (location 0) to
    /// `end` (location 1), in user space; colour is constant along lines perpendicular to it.
    /// Without options nothing is painted before `start` or after `end` (as on Apple); each option
    /// extends the nearer end colour across the rest of the clip on its side. Global alpha
    /// applies; the current path is unchanged. Nothing is drawn when `start == end`.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard canDraw, CGContext.isFinite(start, end), start != end else { return }
        let pattern = gradient.makeLinearPattern(start: start, end: end, extend: CAIRO_EXTEND_PAD)
        defer { cairo_pattern_destroy(pattern) }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        withScratchPath {
            if !(before && after) { addGradientBand(start: start, end: end, before: before, after: after) }
            performPaint(extents: nil) {
                cairo_save(cr)
                if !(before && after) { cairo_clip_preserve(cr) }
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, Double(gstate.alpha))
                cairo_restore(cr)
            }
        }
    }

    /// Adds the region of user space where a linear gradient from `start` to `end` paints: the
    /// band between the perpendiculars through both ends, opened out on the sides whose option
    /// is set. "Far" is beyond every corner of the clip, so the band covers all visible space.
    private func addGradientBand(start: CGPoint, end: CGPoint, before: Bool, after: Bool) {
        let dx = Double(end.x - start.x), dy = Double(end.y - start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        let ux = dx / length, uy = dy / length           // along the axis
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let sx = Double(start.x), sy = Double(start.y)
        let reach = [(x1, y1), (x2, y1), (x1, y2), (x2, y2)]
            .map { (($0.0 - sx) * ($0.0 - sx) + ($0.1 - sy) * ($0.1 - sy)).squareRoot() }.max()!
        let far = reach + length + 1
        let t0 = before ? -far : 0, t1 = after ? far : length
        func corner(_ t: Double, _ s: Double) -> (Double, Double) { (sx + ux * t - uy * s, sy + uy * t + ux * s) }
        let c = [corner(t0, -far), corner(t1, -far), corner(t1, far), corner(t0, far)]
        cairo_move_to(cr, c[0].0, c[0].1)
        for p in c.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        cairo_close_path(cr)
    }
}
