/// Why an image file could not be decoded into a `CGImage`. Our addition, thrown by
/// `CGImage.decode(from:)` and `CGImage.decode(contentsOf:)` (Apple reports these cases only as
/// a nil image and an ImageIO status).
public enum CGImageDecodingError: Error, LocalizedError, CustomStringConvertible {
    /// The file at `path` could not be read; `underlying` is Foundation's error.
    case unreadableFile(path: String, underlying: any Error)
    /// The data is empty.
    case empty
    /// The data starts with no signature this package decodes (PNG, JPEG, WebP).
    /// `leadingBytes` holds up to its first 8 bytes, to help tell what it is; `description`
    /// never prints them (the data may be a file that is not an image, and not the user's).
    case unknownFormat(leadingBytes: [UInt8])
    /// The data stops before the image does.
    case truncated(CGImageFileFormat)
    /// The data is damaged; `message` is the decoding library's own explanation.
    case corrupt(CGImageFileFormat, message: String)
    /// A valid file using a feature this package does not decode (e.g. CMYK JPEG, animated WebP).
    case unsupported(CGImageFileFormat, feature: String)
    /// The header declares an image larger than `CGImage.maximumDimension` pixels a side or
    /// `CGImage.maximumByteCount` bytes of pixels; refused before any pixel memory is allocated.
    case tooLarge(CGImageFileFormat, width: Int, height: Int)
    /// The header declares more pixels than the caller's `maximumPixelCount`
    /// (`CGImage.decode(from:maximumPixelCount:)`); refused before any pixel is decoded.
    case overPixelBudget(CGImageFileFormat, width: Int, height: Int, maximumPixelCount: Int)

    public var description: String {
        switch self {
        case let .unreadableFile(path, underlying):
            return "cannot read image file \(path): \(underlying.localizedDescription)"
        case .empty:
            return "cannot decode image: the data is empty"
        case .unknownFormat:
            return "cannot decode image: unknown format (not PNG, JPEG or WebP)"
        case let .truncated(format):
            return "cannot decode \(format) image: the data is truncated"
        case let .corrupt(format, message):
            return "cannot decode \(format) image: the data is corrupt (\(message))"
        case let .unsupported(format, feature):
            return "cannot decode \(format) image: \(feature) is not supported"
        case let .tooLarge(format, width, height):
            return "refusing to decode \(format) image of \(width)×\(height) pixels: the limit is "
                + "\(CGImage.maximumDimension) pixels a side and \(CGImage.maximumByteCount) bytes of pixels"
        case let .overPixelBudget(format, width, height, limit):
            return "refusing to decode \(format) image of \(width)×\(height) pixels: at most \(limit) pixels are allowed"
        }
    }

    public var errorDescription: String? { description }
}
