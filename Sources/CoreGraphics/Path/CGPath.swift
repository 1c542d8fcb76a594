/// An immutable graphics path: subpaths of lines and quadratic/cubic Bézier curves in user-space
/// points.
///
/// The element list is our own value data; cairo only draws it. `CGPath` values handed around
/// are never mutated; `CGMutablePath` (a subclass, as on Apple) must not be shared across threads
/// while it is being built — take `copy()` first. Follows Apple's `CGPath`
/// (https://developer.apple.com/documentation/coregraphics/cgpath).
open class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The elements in order. Mutated only by `CGMutablePath`.
    var elements: [PathElement]
    /// Where the current subpath started (the point `closeSubpath` returns to).
    var subpathStart: CGPoint = .zero

    init(elements: [PathElement]) {
        self.elements = elements
        self.subpathStart = CGPath.subpathStart(of: elements)
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy with every point mapped by `transform` (nil transform: unchanged).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A mutable copy with every point mapped by `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(elements: elements.map { $0.applying(t) })
    }

    /// Whether the path has no elements at all.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the subpath start after a close); `.zero` when empty,
    /// as Apple returns `CGPointZero`.
    public var currentPoint: CGPoint {
        guard let last = elements.last else { return .zero }
        switch last {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return subpathStart
        }
    }

    /// Calls `block` once per element, in order. The element's points are only valid during
    /// the call. (https://developer.apple.com/documentation/coregraphics/cgpath/2873218-applywithblock)
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        for e in elements {
            var element: CGPathElement
            switch e {
            case .move(let p): buffer[0] = p; element = CGPathElement(type: .moveToPoint, points: buffer)
            case .line(let p): buffer[0] = p; element = CGPathElement(type: .addLineToPoint, points: buffer)
            case .quad(let c, let p):
                buffer[0] = c; buffer[1] = p; element = CGPathElement(type: .addQuadCurveToPoint, points: buffer)
            case .cubic(let c1, let c2, let p):
                buffer[0] = c1; buffer[1] = c2; buffer[2] = p
                element = CGPathElement(type: .addCurveToPoint, points: buffer)
            case .close: element = CGPathElement(type: .closeSubpath, points: buffer)
            }
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Paths are equal when their element lists are equal, point for point (Apple's `==`).
    public static func == (l: CGPath, r: CGPath) -> Bool { l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }

    public var description: String { "<CGPath \(elements.count) elements>" }

    static func subpathStart(of elements: [PathElement]) -> CGPoint {
        var start = CGPoint.zero
        for e in elements { if case .move(let p) = e { start = p } }
        return start
    }
}
