/// A range of frame rates with an optional preferred rate, in frames per second: Apple's
/// `CAFrameRateRange` (https://developer.apple.com/documentation/quartzcore/caframeraterange).
/// Used by `CADisplayLink.preferredFrameRateRange` and `CAAnimation.preferredFrameRateRange`.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate, frames per second.
    public var minimum: Float
    /// The highest acceptable rate, frames per second; 0 for the display's own.
    public var maximum: Float
    /// The rate wanted, frames per second; nil when any rate in the range will do.
    public var preferred: Float?

    /// Apple's `default`: all zero, the display's native rate.
    public init() { minimum = 0; maximum = 0; preferred = nil }

    /// (https://developer.apple.com/documentation/quartzcore/caframeraterange/init(minimum:maximum:preferred:))
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }

    /// The display's native rate (every field zero).
    /// (https://developer.apple.com/documentation/quartzcore/caframeraterange/default)
    public static let `default` = CAFrameRateRange()

    /// Whether both ranges hold the same values (Apple's `CAFrameRateRangeIsEqualToRange`).
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

    /// The rate to run at on a display of `native` frames per second: the preferred rate, else
    /// the maximum, within the display's; the display's for the default range or nonsense values.
    func effectiveRate(native: Double) -> Double {
        let wanted = Double(preferred.flatMap { $0 > 0 ? $0 : nil } ?? (maximum > 0 ? maximum : 0))
        guard wanted.isFinite, wanted > 0 else { return native }
        return min(wanted, native)
    }
}
