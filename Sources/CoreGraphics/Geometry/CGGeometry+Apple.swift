// Apple CGGeometry conveniences that Linux Foundation does not provide.

extension CGPoint {
    /// Whether the two points are equal (Apple's `equalTo(_:)`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (Apple's `equalTo(_:)`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal after standardising; two null rects are equal.
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }

    /// The centre point `(midX, midY)` (a convenience; Apple spells it with midX/midY).
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}
