/// A colour space: how colour component values map to colours.
///
/// Supported: sRGB (and extended sRGB), linear sRGB, generic and device RGB (both treated as
/// sRGB, as cairo draws in sRGB), generic gray with gamma 2.2, linear gray and device gray.
/// Immutable and Sendable. Follows Apple's `CGColorSpace`
/// (https://developer.apple.com/documentation/coregraphics/cgcolorspace).
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The colour space's name, as Apple's `CGColorSpace.sRGB` etc. (a String here: Linux has no CFString).
    public let name: String?
    /// The colour model: `.rgb` or `.monochrome`.
    public let model: CGColorSpaceModel
    /// Whether the transfer function is linear (no gamma).
    let isLinear: Bool

    init(name: String?, model: CGColorSpaceModel, isLinear: Bool) {
        self.name = name; self.model = model; self.isLinear = isLinear
    }

    /// The space named `name`, or nil when the name is not one this implementation knows.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.deviceRGBName:
            self.init(name: name, model: .rgb, isLinear: false)
        case CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB, CGColorSpace.genericRGBLinear:
            self.init(name: name, model: .rgb, isLinear: true)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray, CGColorSpace.deviceGrayName:
            self.init(name: name, model: .monochrome, isLinear: false)
        case CGColorSpace.linearGray, CGColorSpace.extendedLinearGray:
            self.init(name: name, model: .monochrome, isLinear: true)
        default:
            return nil
        }
    }

    /// A colour space by name given as a `CFString` (Apple's signature); the same as the
    /// `String` form.
    public convenience init?(name: CFString) { self.init(name: name as String) }

    /// Number of colour components, not counting alpha (3 for RGB, 1 for gray).
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool {
        l.name == r.name && l.model == r.model && l.isLinear == r.isLinear
    }
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(model); h.combine(isLinear) }
    public var description: String { "<CGColorSpace \(name ?? "unnamed")>" }

    // MARK: Names (Apple's constants)
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
    static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    static let deviceGrayName = "kCGColorSpaceDeviceGray"

    static let shared_sRGB = CGColorSpace(name: sRGB, model: .rgb, isLinear: false)
    static let sharedDeviceRGB = CGColorSpace(name: deviceRGBName, model: .rgb, isLinear: false)
    static let sharedDeviceGray = CGColorSpace(name: deviceGrayName, model: .monochrome, isLinear: false)
    static let sharedGenericGray = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome, isLinear: false)
}

/// Colour models (Apple's `CGColorSpaceModel`); only `.monochrome` and `.rgb` are implemented.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome = 0, rgb = 1, cmyk = 2, lab = 3, deviceN = 4, indexed = 5, pattern = 6, XYZ = 7
}

/// Rendering intents (Apple's `CGColorRenderingIntent`); accepted and ignored: conversions here
/// are exact transfer-function changes, not gamut mapping.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// A device-dependent RGB space (treated as sRGB). Apple's `CGColorSpaceCreateDeviceRGB()`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.sharedDeviceRGB }
/// A device-dependent gray space. Apple's `CGColorSpaceCreateDeviceGray()`.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.sharedDeviceGray }
