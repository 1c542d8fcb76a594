/// Where PNG or JPEG files are written: a URL or an `NSMutableData`. Apple's
/// `CGImageDestination` (https://developer.apple.com/documentation/imageio/cgimagedestination).
///
/// Differences from Apple: types are `String` identifiers and dictionaries `[String: Any]`;
/// only `"public.png"` and `"public.jpeg"` are written, one image per file (the first one
/// added; later ones are ignored). Encoding is CoreGraphics' `pngData()` / `jpegData(…)`.
public final class CGImageDestination {
    enum Target { case url(URL), data(NSMutableData) }
    let target: Target
    let format: CGImageFileFormat
    var properties: [String: Any]
    var image: (CGImage, [String: Any]?)?
    var finalized = false

    init?(target: Target, type: String, count: Int, options: [String: Any]?) {
        guard count >= 1, let format = CGImageFileFormat(rawValue: type), format != .webp else { return nil }
        self.target = target; self.format = format; self.properties = options ?? [:]
    }
}

/// A destination writing a file of `type` (`"public.png"` or `"public.jpeg"`) to `url` when
/// finalized; nil for another type or a `count` below 1. Apple's
/// `CGImageDestinationCreateWithURL(_:_:_:_:)`.
public func CGImageDestinationCreateWithURL(_ url: URL, _ type: String, _ count: Int,
                                            _ options: [String: Any]?) -> CGImageDestination? {
    CGImageDestination(target: .url(url), type: type, count: count, options: options)
}

/// A destination whose file replaces the contents of `data` when finalized. Apple's
/// `CGImageDestinationCreateWithData(_:_:_:_:)`, which takes `CFMutableData`.
public func CGImageDestinationCreateWithData(_ data: NSMutableData, _ type: String, _ count: Int,
                                             _ options: [String: Any]?) -> CGImageDestination? {
    CGImageDestination(target: .data(data), type: type, count: count, options: options)
}

/// Properties applied to every image (merged under each image's own). Apple's
/// `CGImageDestinationSetProperties(_:_:)`.
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: [String: Any]?) {
    idst.properties.merge(properties ?? [:]) { $1 }
}

/// Adds `image` with its `properties` (`kCGImageDestinationLossyCompressionQuality`,
/// `kCGImageDestinationBackgroundColor`). Apple's `CGImageDestinationAddImage(_:_:_:)`.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage,
                                       _ properties: [String: Any]?) {
    guard !idst.finalized, idst.image == nil else { return }
    idst.image = (image, properties)
}

/// Encodes the image and writes it: to a URL atomically (temporary file, then rename), or
/// into the `NSMutableData`. Returns false when no image was added, when called twice, or when
/// encoding or writing fails. Apple's `CGImageDestinationFinalize(_:)`
/// (https://developer.apple.com/documentation/imageio/cgimagedestinationfinalize(_:)).
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let (image, own) = idst.image else { return false }
    idst.finalized = true
    let options = idst.properties.merging(own ?? [:]) { $1 }
    let encoded: Data
    do {
        switch idst.format {
        case .png: encoded = try image.pngData()
        default:
            let quality = ImageIONumber.double(options[kCGImageDestinationLossyCompressionQuality]) ?? 0.9
            let background = options[kCGImageDestinationBackgroundColor].flatMap { $0 as? CGColor }
            encoded = try image.jpegData(quality: quality, backgroundColor: background ?? .white)
        }
        switch idst.target {
        case let .url(url): try encoded.write(to: url, options: .atomic)
        case let .data(data): data.setData(encoded)
        }
    } catch {
        return false
    }
    return true
}

/// The type identifiers destinations write. Apple's `CGImageDestinationCopyTypeIdentifiers()`.
public func CGImageDestinationCopyTypeIdentifiers() -> [String] {
    [CGImageFileFormat.png.typeIdentifier, CGImageFileFormat.jpeg.typeIdentifier]
}

/// Reads a number given as any of the forms Apple code passes in a CFDictionary.
/// (On Linux `NSNumber as? CGFloat` and friends fail, so each form is tried explicitly.)
enum ImageIONumber {
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }
}
