/// How the open ends of a stroked subpath are drawn.
/// Follows Apple's `CGLineCap` (https://developer.apple.com/documentation/coregraphics/cglinecap).
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops square at the end point.
    case butt = 0
    /// A half disc of diameter line width is added at the end point.
    case round = 1
    /// The stroke continues half the line width past the end point, squared off.
    case square = 2
}

/// How the stroke is drawn where two segments meet.
/// Follows Apple's `CGLineJoin` (https://developer.apple.com/documentation/coregraphics/cglinejoin).
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges are extended to meet at a point, unless the miter length (distance from
    /// the inner to the outer corner) exceeds miter limit × line width; then it is bevelled.
    case miter = 0
    /// A disc of diameter line width is added at the joint.
    case round = 1
    /// The outer corners are joined by a straight edge.
    case bevel = 2
}
