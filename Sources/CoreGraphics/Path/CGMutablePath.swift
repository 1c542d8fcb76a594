/// A path being built. Element-adding methods take an optional `transform` applied to the
/// element's points before they are stored (Apple's Swift overlay spells it `transform: .identity`
/// by default). Follows Apple's `CGMutablePath`
/// (https://developer.apple.com/documentation/coregraphics/cgmutablepath).
///
/// Bad input rule (ours; Apple leaves it undefined): a call whose points, sizes, radii, angles or
/// transform are not finite, or whose radius is negative, is ignored as a whole, so one bad value
/// never poisons the stored path.
open class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(elements: []) }

    override init(elements: [PathElement]) { super.init(elements: elements) }

    /// Whether a subpath is open to append to (Apple ignores line and curve additions without
    /// a current point, logging a warning; so do we, silently).
    var hasCurrentPoint: Bool { !elements.isEmpty }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        guard p.isFinite else { return }
        elements.append(.move(p)); subpathStart = p
    }

    /// Appends a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        guard hasCurrentPoint, p.isFinite else { return }
        ensureOpenSubpath()
        elements.append(.line(p))
    }

    /// Appends a quadratic Bézier curve to `end` with one control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let c = control.applying(transform), p = end.applying(transform)
        guard hasCurrentPoint, c.isFinite, p.isFinite else { return }
        ensureOpenSubpath()
        elements.append(.quad(c, p))
    }

    /// Appends a cubic Bézier curve to `end` with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        let c1 = control1.applying(transform), c2 = control2.applying(transform), p = end.applying(transform)
        guard hasCurrentPoint, c1.isFinite, c2.isFinite, p.isFinite else { return }
        ensureOpenSubpath()
        elements.append(.cubic(c1, c2, p))
    }

    /// Closes the current subpath with a line back to its start. No effect on an empty path or
    /// one whose last element already closed.
    public func closeSubpath() {
        guard let last = elements.last, last != .close else { return }
        elements.append(.close)
    }

    /// Starts a subpath at `points[0]` and adds lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first, transform.isFinite,
              points.allSatisfy({ $0.applying(transform).isFinite }) else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds a closed rectangle subpath: move to (minX, minY), then counter-clockwise in y-up space
    /// through (maxX, minY), (maxX, maxY), (minX, maxY), and close — Apple's element order.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteRect, transform.isFinite else { return }
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Appends the elements of `path`, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        guard transform.isFinite else { return }
        for e in path.elements {
            let m = e.applying(transform)
            if case .move(let p) = m { subpathStart = p }
            elements.append(m)
        }
    }

    /// After a close, a new element continues from the closed subpath's start: record that as an
    /// explicit move so the stored data stays self-describing (Apple does the same).
    func ensureOpenSubpath() {
        if elements.last == .close { elements.append(.move(subpathStart)) }
    }
}
