/// Which points are inside a path (Apple's `CGPathFillRule`,
/// https://developer.apple.com/documentation/coregraphics/cgpathfillrule): `.winding` (non-zero
/// winding number) or `.evenOdd` (odd number of crossings).
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd
}
