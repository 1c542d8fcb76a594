import Foundation

extension CGPath {
    /// A path whose filled area (non-zero winding rule) is the area the receiver would cover
    /// if stroked with these parameters.
    ///
    /// Curves are first flattened (to within 1/10 000 of the path's size and 1/100 of the half
    /// width). The result is a union of closed pieces, all counter-clockwise in y-up space: a
    /// rectangle per segment, a piece per join (miter when miter length ≤ `miterLimit` × width,
    /// else bevel; round joins and caps are discs), a piece per cap of each open subpath;
    /// closed subpaths get joins, not caps. A zero-length subpath draws a disc (round cap), an
    /// axis-aligned square (square cap) or nothing (butt). It is not one merged outline, so
    /// fill it with `.winding`; stroking it again is not meaningful. A width that is zero,
    /// negative or not finite gives an empty path. `transform` maps the result.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/copy(strokingwithwidth:linecap:linejoin:miterlimit:transform:))
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        guard lineWidth.isFinite, lineWidth > 0, transform.isFinite, !elements.isEmpty else {
            return CGPath(elements: [])
        }
        var stroker = PathStroker(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        let tolerance = max(min(relativeTolerance, lineWidth / 200), 1e-9)
        stroker.stroke(flattenedSubpaths(tolerance: tolerance))
        return CGPath(elements: stroker.out.elements.map { $0.applying(transform) })
    }

    /// A path of the dashes the receiver would be stroked with: open subpaths (move, lines)
    /// along the path, on for `lengths[0]`, off for `lengths[1]`, and so on, repeating;
    /// `phase` is how far into the pattern each subpath starts (user-space units; reduced
    /// modulo the pattern length, so a negative phase counts back from the end). An odd number
    /// of lengths repeats as if written twice ([5] is on 5, off 5), as in PostScript.
    ///
    /// Curves are flattened (to within 1/10 000 of the path's size), so dashes along curves
    /// are polylines. A zero "on" length gives a dot (a move and a zero-length line) for caps to
    /// draw. Our rules where Apple is silent: `lengths` empty, with a negative or non-finite
    /// value, or summing to zero gives the path undashed; so does a pattern that would cut the
    /// path into more than a million dashes (to bound memory). `transform` maps the result.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/copy(dashingwithphase:lengths:transform:))
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        guard transform.isFinite else { return CGPath(elements: []) }
        let undashed = CGPath(elements: elements.map { $0.applying(transform) })
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), total > 0, total.isFinite else {
            return undashed
        }
        let subpaths = flattenedSubpaths(tolerance: relativeTolerance)
        var pathLength: CGFloat = 0
        for sub in subpaths {
            let pts = sub.closed ? sub.points + [sub.points[0]] : sub.points
            for i in pts.indices.dropFirst() { pathLength += pts[i - 1].distance(to: pts[i]) }
        }
        let estimate = (pathLength / total + CGFloat(subpaths.count)) * CGFloat(pattern.count)
        guard estimate.isFinite, estimate <= 1_000_000 else { return undashed }
        var start = (phase.isFinite ? phase : 0).truncatingRemainder(dividingBy: total)
        if start < 0 { start += total }
        var dasher = PathDasher(lengths: pattern, phase: start)
        dasher.dash(subpaths)
        return CGPath(elements: dasher.out.elements.map { $0.applying(transform) })
    }
}
