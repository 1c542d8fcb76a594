extension CGPath {
    /// Whether the path is exactly one axis-aligned rectangle, and if so which (stored,
    /// standardised, into `rect` when non-nil).
    ///
    /// Recognised: one subpath of a move and three or four lines round the four corners in
    /// either direction (a fourth line must return to the start), optionally closed, with
    /// horizontal and vertical edges alternating. Curves, extra subpaths, degenerate (zero
    /// width or height) shapes and rotated rectangles are not rectangles here.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/isrect(_:))
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard case .move(let start)? = elements.first else { return false }
        var points = [start]
        var closed = false
        for e in elements.dropFirst() {
            guard !closed else { return false }
            switch e {
            case .line(let p): points.append(p)
            case .close: closed = true
            default: return false
            }
        }
        if points.count == 5 {
            guard points[4] == start else { return false }
            points.removeLast()
        }
        guard points.count == 4 else { return false }
        // Edges must alternate horizontal / vertical, starting with either.
        func horizontal(_ i: Int) -> Bool { points[i].y == points[(i + 1) % 4].y && points[i].x != points[(i + 1) % 4].x }
        func vertical(_ i: Int) -> Bool { points[i].x == points[(i + 1) % 4].x && points[i].y != points[(i + 1) % 4].y }
        let hv = horizontal(0) && vertical(1) && horizontal(2) && vertical(3)
        let vh = vertical(0) && horizontal(1) && vertical(2) && horizontal(3)
        guard hv || vh else { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        let r = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        rect?.pointee = r
        return true
    }
}
