import CQuartzCairo

/// Colour stops of a gradient: ascending locations in 0…1 and straight (unpremultiplied)
/// sRGB colours, one per location. A stand-in for the merged `CGGradient`'s stops.
struct GradientStops {
    var locations: [CGFloat]
    var colors: [(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)]
}

/// A cairo radial pattern from `startCenter/startRadius` (t = 0) to `endCenter/endRadius`
/// (t = 1), in user space. Owned by the caller (cairo_pattern_destroy). nil for empty stops,
/// negative or non-finite geometry.
///
/// Apple's options (https://developer.apple.com/documentation/coregraphics/cggradientdrawingoptions):
/// without `drawsBeforeStartLocation` nothing is drawn where t < 0 (inside the start circle
/// when the circles are nested); without `drawsAfterEndLocation` nothing where t > 1
/// (outside the end circle). Both or neither map straight to cairo's EXTEND_PAD / EXTEND_NONE.
/// One without the other has no cairo extend mode: the gradient is re-parameterized over a
/// virtual circle beyond the side that must stay empty, with transparent stops there and
/// EXTEND_PAD. The virtual circle is exact where the radius shrinks to zero on that side;
/// where it grows it reaches at least 4096 user units (or 1000 gradient lengths) away.
func cairoRadialPattern(stops: GradientStops, startCenter c0: CGPoint, startRadius r0: CGFloat,
                        endCenter c1: CGPoint, endRadius r1: CGFloat,
                        drawsBeforeStart: Bool, drawsAfterEnd: Bool) -> OpaquePointer? {
    let values = [c0.x, c0.y, r0, c1.x, c1.y, r1]
    guard !stops.locations.isEmpty, stops.locations.count == stops.colors.count,
          values.allSatisfy(\.isFinite), r0 >= 0, r1 >= 0 else { return nil }
    let dc = hypot(c1.x - c0.x, c1.y - c0.y), dr = r1 - r0
    // How far (in t) the empty side can extend; 0 = no virtual circle needed.
    func reach(shrinkRate: CGFloat, radius: CGFloat) -> CGFloat {
        if shrinkRate > 0 { return radius / shrinkRate }
        return min(1000, 4096 / max(dc + abs(dr), 1e-9))
    }
    var t0: CGFloat = 0, t1: CGFloat = 1  // the pattern's circles, in the gradient's t
    if drawsAfterEnd && !drawsBeforeStart { t0 = -reach(shrinkRate: dr, radius: r0) }
    if drawsBeforeStart && !drawsAfterEnd { t1 = 1 + reach(shrinkRate: -dr, radius: r1) }
    func circle(_ t: CGFloat) -> (Double, Double, Double) {
        (Double(c0.x + t * (c1.x - c0.x)), Double(c0.y + t * (c1.y - c0.y)), Double(max(0, r0 + t * dr)))
    }
    let a = circle(t0), b = circle(t1)
    guard let pattern = cairo_pattern_create_radial(a.0, a.1, a.2, b.0, b.1, b.2),
          cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else { return nil }
    let span = t1 - t0
    func offset(_ t: CGFloat) -> Double { Double((t - t0) / span) }
    func add(_ t: CGFloat, _ c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), alpha: CGFloat? = nil) {
        cairo_pattern_add_color_stop_rgba(pattern, offset(t), Double(c.r), Double(c.g), Double(c.b), Double(alpha ?? c.a))
    }
    let first = stops.colors[0], last = stops.colors[stops.colors.count - 1]
    if t0 < 0 { add(t0, first, alpha: 0); add(0, first, alpha: 0) }
    if t0 < 0 || stops.locations[0] > 0 { add(0, first) }  // hard step at t = 0
    for (l, c) in zip(stops.locations, stops.colors) { add(min(1, max(0, l)), c) }
    if t1 > 1 {
        add(1, last)
        add(1, last, alpha: 0); add(t1, last, alpha: 0)
    }
    let padBoth = drawsBeforeStart || drawsAfterEnd
    cairo_pattern_set_extend(pattern, padBoth ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    return pattern
}

extension CGContext {
    /// Paints a radial gradient over the clip (the engine of Apple's
    /// `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455669-drawradialgradient).
    /// Centres and radii in user space. Goes through the paint effects (blend mode, shadow,
    /// mask clip) and the global alpha. The public method, taking a `CGGradient` and
    /// `CGGradientDrawingOptions`, forwards here with the gradient's stops.
    func drawRadialGradient(stops: GradientStops, startCenter: CGPoint, startRadius: CGFloat,
                            endCenter: CGPoint, endRadius: CGFloat,
                            drawsBeforeStart: Bool, drawsAfterEnd: Bool) {
        guard let pattern = cairoRadialPattern(stops: stops, startCenter: startCenter, startRadius: startRadius,
                                               endCenter: endCenter, endRadius: endRadius,
                                               drawsBeforeStart: drawsBeforeStart, drawsAfterEnd: drawsAfterEnd)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        let alpha = Double(gstate.alpha)
        performPaint(extents: nil) {
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Paints a radial gradient blending from the circle (`startCenter`, `startRadius`) to the
    /// circle (`endCenter`, `endRadius`), user space, over the clip. Without
    /// `.drawsBeforeStartLocation` nothing is painted where the gradient parameter is below 0
    /// (inside the start circle when nested); without `.drawsAfterEndLocation` nothing beyond
    /// the end circle. Negative or non-finite radii draw nothing.
    /// Follows https://developer.apple.com/documentation/coregraphics/cgcontext/1455669-drawradialgradient.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard canDraw else { return }
        let stops = GradientStops(
            locations: gradient.stops.map { CGFloat($0.location) },
            colors: gradient.stops.map { (CGFloat($0.r), CGFloat($0.g), CGFloat($0.b), CGFloat($0.a)) })
        drawRadialGradient(stops: stops, startCenter: startCenter, startRadius: startRadius,
                           endCenter: endCenter, endRadius: endRadius,
                           drawsBeforeStart: options.contains(.drawsBeforeStartLocation),
                           drawsAfterEnd: options.contains(.drawsAfterEndLocation))
    }
}
