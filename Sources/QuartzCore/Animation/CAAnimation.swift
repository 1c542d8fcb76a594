import Foundation

/// The abstract base of all animations: timing (`CAMediaTiming`), a timing function, a delegate,
/// and removal on completion.
///
/// Defaults (Apple's): `timingFunction` nil (linear pacing), `isRemovedOnCompletion` true, every
/// `CAMediaTiming` field at its protocol default (duration 0 means "the transaction's duration",
/// resolved when the animation is added to a layer). The delegate is held *strongly*, as Apple
/// documents. Not Sendable (like Apple's); `add(_:forKey:)` copies the animation.
///
/// Copying: `copy()` makes `type(of: self).init()` and then `copyFields(from:)` along the class
/// chain, so subclasses that add stored properties override `copyFields(from:)` (and, since
/// `init()` is `required` here, keep a no-argument initializer — Apple's Objective-C copying
/// needs neither).
/// Follows https://developer.apple.com/documentation/quartzcore/caanimation.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Pacing of each iteration; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Held strongly (Apple: "the delegate object is retained by the receiver").
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when its active duration ends.
    open var isRemovedOnCompletion = true
    /// The frame rate the animation would like; a hint hosts may use when choosing their rate
    /// (ours render at the times asked for and keep it only as a value). Default `.default`.
    /// (https://developer.apple.com/documentation/quartzcore/caanimation/preferredframeraterange)
    open var preferredFrameRateRange = CAFrameRateRange.default
    /// Custom keys set through key-value coding (the animation is a key-value container).
    var customValues: [String: Any] = [:]

    public required override init() { super.init() }

    /// The value of a property (by its KVC name, boxed as Apple boxes it) or of a custom key;
    /// for an unset custom key, the class's `defaultValue(forKey:)`. See `CAAnimation+KVC.swift`.
    /// (https://developer.apple.com/documentation/objectivec/nsobject/value(forkey:))
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property (a value of the wrong type is ignored and reported) or stores a custom
    /// key; custom keys are copied with the animation, so the copy `add(_:forKey:)` makes (the
    /// one handed to the delegate) carries them.
    /// (https://developer.apple.com/documentation/objectivec/nsobject/setvalue(_:forkey:))
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The default for `key` (Apple's class method): nil for every key here.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether `key` is archived; true for every key, as Apple's default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Copies every stored field of `other` into `self`. Subclasses call super first.
    open func copyFields(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode; timingFunction = other.timingFunction
        delegate = other.delegate; isRemovedOnCompletion = other.isRemovedOnCompletion
        customValues = other.customValues
        preferredFrameRateRange = other.preferredFrameRateRange
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.copyFields(from: self)
        return c
    }

    /// The timing fields as a value for `MediaTiming`.
    var timingParameters: MediaTimingParameters { MediaTimingParameters(self) }
}
