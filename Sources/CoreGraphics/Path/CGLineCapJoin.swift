/// Line end styles (Apple's `CGLineCap`, https://developer.apple.com/documentation/coregraphics/cglinecap).
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// Line corner styles (Apple's `CGLineJoin`, https://developer.apple.com/documentation/coregraphics/cglinejoin).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}
