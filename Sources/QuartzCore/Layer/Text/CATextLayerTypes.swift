// String-backed option types of CATextLayer with Apple's raw values (the NSString constants
// `kCATruncationNone`, `kCAAlignmentCenter`… have these strings), so values read from CAML or
// set through KVC as plain strings match.

/// Where a `CATextLayer` cuts text that does not fit its bounds and puts an ellipsis (…):
/// Apple's `CATextLayerTruncationMode`
/// (https://developer.apple.com/documentation/quartzcore/catextlayertruncationmode).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Not truncated: text past the bounds is cut by them (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// Characters removed at the start of the line, the ellipsis first.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// Characters removed at the end of the line, the ellipsis last.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// Characters removed in the middle of the line.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a `CATextLayer` places each line across its bounds: Apple's `CATextLayerAlignmentMode`
/// (https://developer.apple.com/documentation/quartzcore/catextlayeralignmentmode).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The script's natural side: left for left-to-right text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines but the last of each paragraph stretched to both edges.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
