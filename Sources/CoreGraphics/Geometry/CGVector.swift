/// A two-dimensional vector (a displacement, not a location). Linux Foundation lacks it.
/// Follows Apple's `CGVector` (https://developer.apple.com/documentation/corefoundation/cgvector).
public struct CGVector: Equatable, Hashable, Sendable, Codable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() { dx = 0; dy = 0 }
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    public static var zero: CGVector { CGVector() }
}

extension CGVector: CustomStringConvertible {
    public var description: String { "(\(dx), \(dy))" }
}
