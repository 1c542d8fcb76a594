/// Which regions of a path count as inside, for filling, clipping and hit testing.
/// Follows Apple's `CGPathFillRule` (https://developer.apple.com/documentation/coregraphics/cgpathfillrule).
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding: a point is inside when the path winds round it a non-zero number of
    /// times, counting counter-clockwise turns +1 and clockwise turns −1.
    case winding = 0
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}
