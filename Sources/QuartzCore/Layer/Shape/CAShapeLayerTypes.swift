// String-backed option types of CAShapeLayer with Apple's raw values (the NSString constants
// `kCAFillRuleNonZero`, `kCALineCapButt`… have these strings), so values read from CAML or set
// through KVC as plain strings match.

/// The rule deciding which points a shape's fill covers: Apple's `CAShapeLayerFillRule`
/// (https://developer.apple.com/documentation/quartzcore/cashapelayerfillrule).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A point is inside when the path's signed crossings around it do not sum to zero (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when the path crosses a ray from it an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How the ends of open subpaths (and dashes) are drawn: Apple's `CAShapeLayerLineCap`
/// (https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The stroke stops at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half disc of diameter `lineWidth` past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square of side `lineWidth` past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How the corners between segments are drawn: Apple's `CAShapeLayerLineJoin`
/// (https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Sharp corners, bevelled past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners of radius `lineWidth / 2`.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut square across.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
