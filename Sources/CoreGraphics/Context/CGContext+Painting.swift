import CQuartzCairo

/// A user-space box that a drawing call may touch: (x1, y1) to (x2, y2).
typealias UserExtents = (x1: Double, y1: Double, x2: Double, y2: Double)

/// Filling and stroking. Every call paints with the graphics state's colour multiplied by the
/// global alpha (`setAlpha`), clears the current path afterwards (Apple: "the current path is
/// cleared as a side effect"), and goes through `performPaint`.
/// Follows https://developer.apple.com/documentation/coregraphics/cgcontext (Painting paths).
extension CGContext {
    /// The single funnel for every painting operation (paths, images, gradients).
    ///
    /// `paint` must be repeatable: it sets its own cairo source, paints, and leaves the current
    /// path and the cairo state as it found them (use the `_preserve` calls, or save/restore).
    /// That lets the graphics-state effects apply here, once for all operations, through
    /// `withPaintEffects` (CGContext+PaintEffects.swift): the mask clip, the shadow (a pass of
    /// `paint` into a group that is blurred, offset and tinted) and the bounded blend modes.
    /// `extents` is the user-space box `paint` may touch (nil: the whole clip); it keeps
    /// converted bitmap layouts current via `didDraw(userExtents:)`.
    func performPaint(extents: UserExtents?, _ paint: () -> Void) {
        guard canDraw else { return }
        withPaintEffects(paint)
        didDraw(userExtents: extents)
    }

    /// Fills the current path with the fill colour using `rule`; each open subpath is closed
    /// implicitly. Consumes the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        defer { endPath() }
        guard canDraw, hasCurrentPoint, !pathOutOfRange else { return }
        cairo_set_fill_rule(cr, CGContext.cairoFillRule(rule))
        performPaint(extents: fillExtents()) {
            setSourceColor(gstate.fillColor)
            cairo_fill_preserve(cr)
        }
    }

    /// Strokes the current path with the stroke colour and the line width, cap, join, miter
    /// limit (and dash) of the graphics state; the width is in user-space units at the time of
    /// the call. Consumes the path.
    public func strokePath() {
        defer { endPath() }
        guard canDraw, hasCurrentPoint, !pathOutOfRange else { return }
        performPaint(extents: strokeExtents()) {
            setSourceColor(gstate.strokeColor)
            cairo_stroke_preserve(cr)
        }
    }

    /// Fills, strokes, or fills then strokes the current path (Apple's `CGPathDrawingMode`).
    /// Consumes the path. (https://developer.apple.com/documentation/coregraphics/cgcontext/drawpath(using:))
    public func drawPath(using mode: CGPathDrawingMode) {
        defer { endPath() }
        guard canDraw, hasCurrentPoint, !pathOutOfRange else { return }
        let rule: CGPathFillRule = (mode == .eoFill || mode == .eoFillStroke) ? .evenOdd : .winding
        let fills = mode != .stroke, strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        if fills {
            cairo_set_fill_rule(cr, CGContext.cairoFillRule(rule))
            performPaint(extents: fillExtents()) { setSourceColor(gstate.fillColor); cairo_fill_preserve(cr) }
        }
        if strokes {
            performPaint(extents: strokeExtents()) { setSourceColor(gstate.strokeColor); cairo_stroke_preserve(cr) }
        }
    }

    /// Fills `rect` (user space) with the fill colour. Clears the current path.
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }

    /// Fills each rectangle (their union) with the fill colour. Clears the current path.
    public func fill(_ rects: [CGRect]) { beginPath(); addRects(rects); fillPath() }

    /// Strokes the outline of `rect` with the current line width. Clears the current path.
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }

    /// Strokes the outline of `rect` with `width` (user-space units) instead of the current line
    /// width, which is left unchanged. Clears the current path.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        guard width.isFinite, width >= 0 else { return beginPath() }
        let saved = cairo_get_line_width(cr)
        cairo_set_line_width(cr, Double(width))
        stroke(rect)
        cairo_set_line_width(cr, saved)
    }

    /// Fills the ellipse inscribed in `rect`. Clears the current path.
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }

    /// Strokes the ellipse inscribed in `rect`. Clears the current path.
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }

    /// Strokes one segment per pair of points (`points[0]`–`points[1]`, `points[2]`–`points[3]`…);
    /// an odd last point is ignored. Clears the current path.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count { move(to: points[i]); addLine(to: points[i + 1]); i += 2 }
        strokePath()
    }

    /// Makes `rect` transparent black (clip applies; colour, alpha, blend mode and shadow do
    /// not). Clears the current path. (https://developer.apple.com/documentation/coregraphics/cgcontext/clear(_:))
    public func clear(_ rect: CGRect) {
        beginPath(); addRect(rect)
        defer { endPath() }
        guard canDraw, hasCurrentPoint, !pathOutOfRange else { return }
        let e = fillExtents()
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill_preserve(cr)
        cairo_restore(cr)
        didDraw(userExtents: e)
    }

    // MARK: Internal

    /// Sets a solid cairo source: `color` in sRGB with its alpha times the global alpha.
    func setSourceColor(_ color: CGColor) {
        let c = color.rgba
        cairo_set_source_rgba(cr, Double(c.r), Double(c.g), Double(c.b), Double(c.a * gstate.alpha))
    }

    func fillExtents() -> UserExtents {
        var e: UserExtents = (0, 0, 0, 0)
        cairo_fill_extents(cr, &e.x1, &e.y1, &e.x2, &e.y2)
        return e
    }

    func strokeExtents() -> UserExtents {
        var e: UserExtents = (0, 0, 0, 0)
        cairo_stroke_extents(cr, &e.x1, &e.y1, &e.x2, &e.y2)
        return e
    }

    /// Runs `body` on an empty current path, then puts the caller's path back, for calls that
    /// need a scratch path but (as on Apple) leave the current path alone.
    func withScratchPath(_ body: () -> Void) {
        let saved = cairo_copy_path(cr), savedOutOfRange = pathOutOfRange
        endPath()
        body()
        endPath()
        pathOutOfRange = savedOutOfRange
        if let saved {
            if saved.pointee.status == CAIRO_STATUS_SUCCESS && saved.pointee.num_data > 0 {
                cairo_append_path(cr, saved)
            }
            cairo_path_destroy(saved)
        }
    }

    static func cairoFillRule(_ rule: CGPathFillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
