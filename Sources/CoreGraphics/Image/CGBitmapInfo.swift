/// Where alpha is stored and whether colour is premultiplied by it (Apple's `CGImageAlphaInfo`,
/// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// The byte order of 16- and 32-bit pixel words (Apple's `CGImageByteOrderInfo`).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    case orderMask = 0x7000
    case orderDefault = 0
    case order16Little = 0x1000
    case order32Little = 0x2000
    case order16Big = 0x3000
    case order32Big = 0x4000
}

/// Layout flags of a bitmap: an alpha info in the low five bits, float and byte-order flags.
/// Follows Apple's `CGBitmapInfo` (https://developer.apple.com/documentation/coregraphics/cgbitmapinfo).
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// Shorthand for the alpha part, e.g. `CGBitmapInfo(alphaInfo: .premultipliedLast)`.
    public init(alphaInfo: CGImageAlphaInfo, byteOrder: CGImageByteOrderInfo = .orderDefault) {
        self.init(rawValue: alphaInfo.rawValue | byteOrder.rawValue)
    }

    /// The alpha info in the low bits (nil if the value is not a known case).
    var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & 0x1F) }
    /// The byte-order part.
    var byteOrder: CGImageByteOrderInfo { CGImageByteOrderInfo(rawValue: rawValue & 0x7000) ?? .orderDefault }
}
