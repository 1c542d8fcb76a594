// Apple's ImageIO keys are `CFString` constants; Linux has no CFString in Swift, so here they
// are `String`s with the same names and the same values Apple's constants hold, and option and
// property dictionaries are `[String: Any]` where Apple takes `CFDictionary`.

/// The status of an image source or of one image in it. Apple's `CGImageSourceStatus`
/// (https://developer.apple.com/documentation/imageio/cgimagesourcestatus).
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ends before the image does.
    case statusUnexpectedEOF = -5
    /// The data is not valid (corrupt, unsupported or over this package's size limits).
    case statusInvalidData = -4
    /// The data is not in a format this package reads (PNG, JPEG, WebP).
    case statusUnknownType = -3
    /// Reading the header (never reported here: sources hold all their data at once).
    case statusReadingHeader = -2
    /// Incomplete (never reported here: sources are not incremental).
    case statusIncomplete = -1
    /// The image decodes.
    case statusComplete = 0
}

// MARK: Image source options (accepted and ignored: sources always hold all their data)

/// Whether to cache decoded images. Apple's `kCGImageSourceShouldCache`; sources here always
/// cache the one decoded image.
public let kCGImageSourceShouldCache = "kCGImageSourceShouldCache"
/// A type hint. Apple's `kCGImageSourceTypeIdentifierHint`; ignored, the format is sniffed.
public let kCGImageSourceTypeIdentifierHint = "kCGImageSourceTypeIdentifierHint"

// MARK: Image properties (`CGImageSourceCopyPropertiesAtIndex`)

/// Width in pixels (an `Int`). Apple's `kCGImagePropertyPixelWidth`.
public let kCGImagePropertyPixelWidth = "PixelWidth"
/// Height in pixels (an `Int`). Apple's `kCGImagePropertyPixelHeight`.
public let kCGImagePropertyPixelHeight = "PixelHeight"
/// Bits per component (an `Int`, 8 for every decoded image here). Apple's `kCGImagePropertyDepth`.
public let kCGImagePropertyDepth = "Depth"
/// Whether the image has alpha (a `Bool`). Apple's `kCGImagePropertyHasAlpha`.
public let kCGImagePropertyHasAlpha = "HasAlpha"
/// The colour model (`kCGImagePropertyColorModelRGB` or `…Gray`). Apple's `kCGImagePropertyColorModel`.
public let kCGImagePropertyColorModel = "ColorModel"
/// Apple's `kCGImagePropertyColorModelRGB`.
public let kCGImagePropertyColorModelRGB = "RGB"
/// Apple's `kCGImagePropertyColorModelGray`.
public let kCGImagePropertyColorModelGray = "Gray"

// MARK: Image destination properties

/// JPEG quality from 0.0 (smallest) to 1.0 (best), a number (`Double`, `Float`, `CGFloat`,
/// `Int` or `NSNumber`); default 0.9 here. Apple's `kCGImageDestinationLossyCompressionQuality`
/// (https://developer.apple.com/documentation/imageio/kcgimagedestinationlossycompressionquality).
public let kCGImageDestinationLossyCompressionQuality = "kCGImageDestinationLossyCompressionQuality"
/// The `CGColor` that images with alpha are composited over when written as JPEG; white when
/// absent, as on Apple. Apple's `kCGImageDestinationBackgroundColor`.
public let kCGImageDestinationBackgroundColor = "kCGImageDestinationBackgroundColor"
