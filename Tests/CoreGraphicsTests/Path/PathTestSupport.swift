import Testing
import CoreGraphics
import Foundation

/// One element as seen through the public `applyWithBlock`, copied out of the callback.
struct RecordedElement: Equatable, CustomStringConvertible {
    var type: CGPathElementType
    var points: [CGPoint]
    var description: String { "\(type) \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " "))" }
}

extension CGPath {
    var recorded: [RecordedElement] {
        var out: [RecordedElement] = []
        applyWithBlock { e in
            let n: Int
            switch e.pointee.type {
            case .moveToPoint, .addLineToPoint: n = 1
            case .addQuadCurveToPoint: n = 2
            case .addCurveToPoint: n = 3
            case .closeSubpath: n = 0
            }
            out.append(RecordedElement(type: e.pointee.type, points: (0..<n).map { e.pointee.points[$0] }))
        }
        return out
    }

    var types: [CGPathElementType] { recorded.map(\.type) }
}

/// The Bézier circle constant for a 90° segment: 4/3·tan(π/8).
let kappa: CGFloat = 4.0 / 3.0 * tan(CGFloat.pi / 8)

func near(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { abs(a - b) <= tol }
func near(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }
func near(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
    near(a.minX, b.minX, tol) && near(a.minY, b.minY, tol) && near(a.width, b.width, tol) && near(a.height, b.height, tol)
}
func near(_ a: [CGPoint], _ b: [CGPoint], _ tol: CGFloat = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { near($0, $1, tol) }
}
func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
