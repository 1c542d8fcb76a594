// String-backed option types of CALayer, with Apple's raw values (the NSString constants), so
// values read from CAML files or set through KVC as plain strings match.

/// How `contents` is placed in the bounds: Apple's `CALayerContentsGravity`
/// (https://developer.apple.com/documentation/quartzcore/calayercontentsgravity).
/// `top`/`bottom` follow `contentsAreFlipped()`.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretch to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Fit inside the bounds keeping the aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Fill the bounds keeping the aspect ratio (cropping).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The filter used to scale `contents`: Apple's `CALayerContentsFilter`
/// (https://developer.apple.com/documentation/quartzcore/calayercontentsfilter).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Bilinear (the default for both minification and magnification).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear with mipmaps (minification only; treated as linear elsewhere).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// A hint for the backing-store pixel format: Apple's `CALayerContentsFormat`
/// (https://developer.apple.com/documentation/quartzcore/calayercontentsformat).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// 8-bit RGBA (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit half-float RGBA.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// 8-bit gray.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// The curve of rounded corners: Apple's `CALayerCornerCurve`
/// (https://developer.apple.com/documentation/quartzcore/calayercornercurve).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") curve.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
