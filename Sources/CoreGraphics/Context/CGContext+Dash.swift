import CQuartzCairo

extension CGContext {
    /// Sets the dash pattern for later strokes (Apple's `setLineDash(phase:lengths:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456547-setlinedash).
    ///
    /// - Parameters:
    ///   - phase: how far into the pattern the first subpath starts, in user-space units.
    ///   - lengths: alternating painted and unpainted lengths in user-space units (evaluated
    ///     with the CTM at stroke time); one value means equal on and off lengths; empty means
    ///     solid lines.
    ///
    /// Apple rejects a pattern with a negative length or with every length zero (it logs
    /// "invalid dash array" and keeps the old pattern); so does this method, which also
    /// rejects non-finite values. (Passing those to cairo would put the context into a
    /// permanent error state.) Part of the graphics state.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        if lengths.isEmpty {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        guard lengths.contains(where: { $0 > 0 }) else { return }
        let dashes = lengths.map(Double.init)
        cairo_set_dash(cr, dashes, Int32(dashes.count), Double(phase))
    }
}
