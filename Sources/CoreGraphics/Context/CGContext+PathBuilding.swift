import CQuartzCairo

/// The context's current path, built in user space and stored by cairo in device space: each
/// point is mapped by the CTM in effect when it is added (as on Apple), so later CTM changes do
/// not move it. The current path is not part of the graphics state; painting and clipping
/// calls consume it. Non-finite coordinates are ignored, as is everything while the CTM is
/// singular; a path with a point past ±2²² device units draws nothing (CGContext+FarGeometry.swift).
/// Follows https://developer.apple.com/documentation/coregraphics/cgcontext
/// (Constructing a current graphics path).
extension CGContext {
    /// Discards the current path.
    public func beginPath() { endPath() }

    /// Starts a new subpath at `point` (user space).
    public func move(to point: CGPoint) {
        guard canDraw, CGContext.isFinite(point), fitsFixedPoint(point) else { return }
        cairo_move_to(cr, Double(point.x), Double(point.y))
    }

    /// Adds a straight line from the current point to `point`. Ignored without a current point
    /// (Apple logs and ignores it too).
    public func addLine(to point: CGPoint) {
        guard canDraw, hasCurrentPoint, CGContext.isFinite(point), fitsFixedPoint(point) else { return }
        cairo_line_to(cr, Double(point.x), Double(point.y))
    }

    /// Starts a subpath at `points[0]` and adds straight lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard canDraw, hasCurrentPoint, CGContext.isFinite(end, control1, control2),
              fitsFixedPoint(end, control1, control2) else { return }
        cairo_curve_to(cr, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                       Double(end.x), Double(end.y))
    }

    /// Adds a quadratic Bézier curve from the current point to `end`. cairo has no quadratic
    /// segments, so it is stored as the equivalent cubic (`path` returns that cubic).
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard canDraw, hasCurrentPoint, CGContext.isFinite(end, control), fitsFixedPoint(end, control) else { return }
        let p0 = currentPointOfPath
        // Degree elevation: each cubic control lies 2/3 of the way from an end to the quad control.
        let c1 = CGPoint(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y))
        let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(end.x), Double(end.y))
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        guard canDraw, hasCurrentPoint else { return }
        cairo_close_path(cr)
    }

    /// Adds a closed rectangle subpath in Apple's element order: from (minX, minY) through
    /// (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect) {
        guard canDraw, !rect.isNull else { return }
        let whole = rect.standardized
        guard CGContext.isFinite(whole.origin), whole.width.isFinite, whole.height.isFinite else { return }
        // cairo's 24.8 fixed point cannot hold coordinates past ~8 million device pixels; trim
        // the rectangle to the device surface (plus a margin wider than any sane line width)
        // so that huge rectangles still cover what they should.
        let r = trimmedToDevice(whole)
        guard !r.isNull else { return }
        cairo_move_to(cr, Double(r.minX), Double(r.minY))
        cairo_line_to(cr, Double(r.maxX), Double(r.minY))
        cairo_line_to(cr, Double(r.maxX), Double(r.maxY))
        cairo_line_to(cr, Double(r.minX), Double(r.maxY))
        cairo_close_path(cr)
    }

    /// Adds each rectangle as its own closed subpath.
    public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }

    /// Appends `path`'s elements (user space, mapped by the current CTM).
    public func addPath(_ path: CGPath) {
        guard canDraw else { return }
        for e in path.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quad(let c, let p): addQuadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closePath()
            }
        }
    }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { !hasCurrentPoint }

    /// The current point in user space; `.zero` when the path is empty (as Apple).
    public var currentPointOfPath: CGPoint {
        guard canDraw, hasCurrentPoint else { return .zero }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The smallest user-space rectangle holding every point of the current path, Bézier control
    /// points included (Apple's definition); `.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        guard let elements = currentPathElements() else { return .null }
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A copy of the current path in the *current* user space (points mapped back through the
    /// current CTM); nil when the path is empty. Quadratic curves come back as cubics.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/path)
    public var path: CGPath? {
        guard let elements = currentPathElements() else { return nil }
        return CGPath(elements: elements)
    }

    // MARK: Internal

    var hasCurrentPoint: Bool { cairo_has_current_point(cr) != 0 }

    /// The current path as path elements in user space; nil when empty or unreadable.
    func currentPathElements() -> [PathElement]? {
        guard canDraw, hasCurrentPoint, let p = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(p) }
        guard p.pointee.status == CAIRO_STATUS_SUCCESS, let data = p.pointee.data else { return nil }
        var out: [PathElement] = []
        var i = 0
        let n = Int(p.pointee.num_data)
        func pt(_ k: Int) -> CGPoint { CGPoint(x: data[k].point.x, y: data[k].point.y) }
        while i < n {
            let h = data[i].header
            switch h.type {
            case CAIRO_PATH_MOVE_TO: out.append(.move(pt(i + 1)))
            case CAIRO_PATH_LINE_TO: out.append(.line(pt(i + 1)))
            case CAIRO_PATH_CURVE_TO: out.append(.cubic(pt(i + 1), pt(i + 2), pt(i + 3)))
            case CAIRO_PATH_CLOSE_PATH: out.append(.close)
            default: break
            }
            i += max(1, Int(h.length))
        }
        // cairo records an explicit move to the subpath start after every close; CoreGraphics only
        // has one when something follows, so drop a trailing one.
        if out.count >= 2, case .move = out[out.count - 1], out[out.count - 2] == .close { out.removeLast() }
        return out.isEmpty ? nil : out
    }

    /// `rect` intersected with the user-space bounding box of the device surface grown by 4096
    /// pixels on each side; unchanged when it already fits.
    func trimmedToDevice(_ rect: CGRect) -> CGRect {
        let (w, h) = deviceSize
        let margin: CGFloat = 4096
        let device = CGRect(x: -margin, y: -margin, width: CGFloat(w) + 2 * margin, height: CGFloat(h) + 2 * margin)
        let toDevice = gstate.ctm.concatenating(baseTransform)
        let safe = device.applying(toDevice.inverted())
        return safe.contains(rect) ? rect : rect.intersection(safe)
    }

    static func isFinite(_ points: CGPoint...) -> Bool {
        points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
}
