import Foundation

/// How keyframe values are interpolated (https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode("linear")
    public static let discrete = CAAnimationCalculationMode("discrete")
    public static let paced = CAAnimationCalculationMode("paced")
    public static let cubic = CAAnimationCalculationMode("cubic")
    public static let cubicPaced = CAAnimationCalculationMode("cubicPaced")
}

/// Whether an object moving along a path turns to follow it
/// (https://developer.apple.com/documentation/quartzcore/caanimationrotationmode).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode("auto")
    public static let rotateAutoReverse = CAAnimationRotationMode("autoReverse")
}

/// An animation through a sequence of values (or along a path) at given key times.
///
/// `keyTimes` are fractions 0…1 of the duration, one per value (one more than the values for
/// `.discrete`); when they do not fit those rules they are ignored and the keyframes are spaced
/// evenly (see `KeyframeTiming`). `timingFunctions[i]` paces the segment from keyframe i to i+1.
/// Follows https://developer.apple.com/documentation/quartzcore/cakeyframeanimation.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    /// A path whose points (move/line/curve end points) the property follows; overrides `values`.
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`. `.cubic` runs a
    /// Kochanek–Bartels spline through the values (numbers, points, sizes, rects, colours;
    /// transforms fall back to linear); `.paced` and `.cubicPaced` ignore `keyTimes` and
    /// `timingFunctions` and space the keys by distance (see `KeyframeSpline`).
    /// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/calculationmode)
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Per-key tension for the cubic modes: positive tightens the curve, negative rounds it;
    /// missing entries are 0. (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/tensionvalues)
    open var tensionValues: [NSNumber]?
    /// Per-key continuity for the cubic modes: positive sharpens corners, negative inverts them;
    /// missing entries are 0. (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/continuityvalues)
    open var continuityValues: [NSNumber]?
    /// Per-key bias for the cubic modes: positive moves the curve before the key, negative after;
    /// missing entries are 0. (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/biasvalues)
    open var biasValues: [NSNumber]?
    /// Whether a layer moving along `path` (on `position`) turns to follow it; nil (default) does
    /// not. See `KeyframePath+Rotation.swift`.
    /// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/rotationmode)
    open var rotationMode: CAAnimationRotationMode?

    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path?.copy(); keyTimes = o.keyTimes
        timingFunctions = o.timingFunctions; calculationMode = o.calculationMode
        tensionValues = o.tensionValues; continuityValues = o.continuityValues
        biasValues = o.biasValues; rotationMode = o.rotationMode
    }
}

extension CAKeyframeAnimation {
    /// `tensionValues`, `continuityValues` and `biasValues` for the cubic modes.
    var splineParameters: KeyframeSpline.Parameters {
        KeyframeSpline.Parameters(tension: tensionValues?.map(\.doubleValue) ?? [],
                                  continuity: continuityValues?.map(\.doubleValue) ?? [],
                                  bias: biasValues?.map(\.doubleValue) ?? [])
    }
}
