/// An animation of one layer property named by a key path (`"opacity"`, `"position.x"`,
/// `"transform.rotation.z"`).
///
/// `isAdditive`: the animated value is added to the model value instead of replacing it.
/// `isCumulative`: each repeat continues from where the previous ended.
/// Follows https://developer.apple.com/documentation/quartzcore/capropertyanimation.
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated, relative to the layer.
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false
    /// Applied to interpolated values before they are set (see CAValueFunction).
    open var valueFunction: CAValueFunction?

    public required init() { super.init() }

    /// An animation of `path` (Apple's `init(keyPath:)`).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }
}

/// Names of Apple's value functions (https://developer.apple.com/documentation/quartzcore/cavaluefunctionname).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName("rotateX")
    public static let rotateY = CAValueFunctionName("rotateY")
    public static let rotateZ = CAValueFunctionName("rotateZ")
    public static let scale = CAValueFunctionName("scale")
    public static let scaleX = CAValueFunctionName("scaleX")
    public static let scaleY = CAValueFunctionName("scaleY")
    public static let scaleZ = CAValueFunctionName("scaleZ")
    public static let translate = CAValueFunctionName("translate")
    public static let translateX = CAValueFunctionName("translateX")
    public static let translateY = CAValueFunctionName("translateY")
    public static let translateZ = CAValueFunctionName("translateZ")
}

/// Turns interpolated scalars (or 3-vectors) into transforms, e.g. `.rotateZ` lets a
/// `transform` animation interpolate an angle so 0 → 2π turns a full circle.
///
/// Used by property animations on `transform` and `sublayerTransform`: their from/to/by or
/// keyframe values are numbers (rotate* in radians, scale* factors, translate* in points) or,
/// for `.scale` and `.translate`, arrays of three numbers (a single number means all three).
/// See `AnimationEvaluator+ValueFunction.swift` for the rules Apple leaves open.
/// Follows https://developer.apple.com/documentation/quartzcore/cavaluefunction.
public final class CAValueFunction: NSObject, @unchecked Sendable {
    public let name: CAValueFunctionName
    public init?(name: CAValueFunctionName) { self.name = name; super.init() }
}
