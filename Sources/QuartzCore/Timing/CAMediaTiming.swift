/// What an object shows outside its active period
/// (https://developer.apple.com/documentation/quartzcore/camediatimingfillmode).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Holds the final value after the active period ends.
    public static let forwards = CAMediaTimingFillMode("forwards")
    /// Shows the initial value before the active period begins.
    public static let backwards = CAMediaTimingFillMode("backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode("both")
    /// No effect outside the active period (the default).
    public static let removed = CAMediaTimingFillMode("removed")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Apple's hierarchical timing protocol, adopted by layers and animations. Times are seconds;
/// `speed` and `repeatCount` are Float as on Apple.
///
/// Defaults (Apple's): beginTime 0, duration 0, speed 1, timeOffset 0, repeatCount 0,
/// repeatDuration 0, autoreverses false, fillMode `.removed`.
/// Follows https://developer.apple.com/documentation/quartzcore/camediatiming.
public protocol CAMediaTiming: AnyObject {
    /// Start of the object in its parent's time, seconds.
    var beginTime: CFTimeInterval { get set }
    /// Basic (one-iteration) duration, seconds.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's (2 = twice as fast, 0 = paused).
    var speed: Float { get set }
    /// Added to local time after `speed` is applied, seconds.
    var timeOffset: CFTimeInterval { get set }
    /// Number of iterations (may be fractional; `.infinity` repeats forever; 0 = once).
    var repeatCount: Float { get set }
    /// Total time to repeat for, seconds (0 = not used).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forwards then backwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active period.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The timing fields of one object, as a value, for the pure timing functions below.
public struct MediaTimingParameters: Hashable, Sendable {
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed
    public init() {}

    /// The parameters of any `CAMediaTiming` object.
    public init(_ object: some CAMediaTiming) {
        beginTime = object.beginTime; duration = object.duration; speed = object.speed
        timeOffset = object.timeOffset; repeatCount = object.repeatCount
        repeatDuration = object.repeatDuration; autoreverses = object.autoreverses
        fillMode = object.fillMode
    }
}
