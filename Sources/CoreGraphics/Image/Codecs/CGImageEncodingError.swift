/// Why an image could not be encoded or written. Our addition, thrown by `CGImage.pngData()`,
/// `CGImage.jpegData(quality:)` and `CGImage.write(pngTo:)`.
public enum CGImageEncodingError: Error, LocalizedError, CustomStringConvertible {
    /// The JPEG quality is NaN or infinite (finite values are clamped to 0…1).
    case invalidQuality(Double)
    /// The encoding library failed; `message` is its own explanation.
    case encoderFailed(CGImageFileFormat, message: String)
    /// The file at `path` could not be written; `underlying` is Foundation's error.
    case unwritableFile(path: String, underlying: any Error)

    public var description: String {
        switch self {
        case let .invalidQuality(q):
            return "cannot encode JPEG: quality \(q) is not a finite number"
        case let .encoderFailed(format, message):
            return "cannot encode \(format) image: \(message)"
        case let .unwritableFile(path, underlying):
            return "cannot write image file \(path): \(underlying.localizedDescription)"
        }
    }

    public var errorDescription: String? { description }
}
