// Bit-mask option sets of CALayer, with Apple's raw values.

/// Which corners `cornerRadius` rounds: Apple's `CACornerMask`
/// (https://developer.apple.com/documentation/quartzcore/cacornermask). "Min"/"Max" refer to
/// the layer's bounds coordinates, so which corner is on top depends on the host's flip.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Which edges are antialiased: Apple's `CAEdgeAntialiasingMask`
/// (https://developer.apple.com/documentation/quartzcore/caedgeantialiasingmask).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// How a layer resizes when its superlayer's bounds change: Apple's (macOS) `CAAutoresizingMask`
/// (https://developer.apple.com/documentation/quartzcore/caautoresizingmask).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let layerNotSizable = CAAutoresizingMask([])
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 2)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 4)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 8)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 16)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 32)
}
