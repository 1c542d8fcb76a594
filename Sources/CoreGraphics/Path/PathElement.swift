/// One stored path element, in user-space points. The path data is ours; cairo only draws it.
enum PathElement: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)            // control, end
    case cubic(CGPoint, CGPoint, CGPoint)  // control1, control2, end
    case close

    /// The element with every point mapped by `t`.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let c, let p): return .quad(c.applying(t), p.applying(t))
        case .cubic(let c1, let c2, let p): return .cubic(c1.applying(t), c2.applying(t), p.applying(t))
        case .close: return .close
        }
    }
}

/// The kind of a path element (Apple's `CGPathElementType`).
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element as handed to `applyWithBlock`: its type and its points (1 for move and line,
/// 2 for a quad curve: control then end, 3 for a cubic: control1, control2, end; 0 for close).
/// Follows Apple's `CGPathElement` (https://developer.apple.com/documentation/coregraphics/cgpathelement).
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type; self.points = points
    }
}
