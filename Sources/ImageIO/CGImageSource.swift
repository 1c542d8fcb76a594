/// A PNG, JPEG or WebP file read from a URL or from memory. Apple's `CGImageSource`
/// (https://developer.apple.com/documentation/imageio/cgimagesource).
///
/// Differences from Apple: sources are not incremental (all the data is there at creation);
/// each holds at most one image (index 0); the image is decoded on first use and kept. To know
/// *why* an image did not decode, use `CGImage.decode(from:)` from CoreGraphics, which throws.
public final class CGImageSource: @unchecked Sendable {
    let data: Data
    let format: CGImageFileFormat?
    private let lock = NSLock()
    private var result: Result<CGImage, CGImageDecodingError>?

    init(data: Data) {
        self.data = data
        self.format = CGImageFileFormat(sniffing: data)
    }

    /// The decoded image or why it failed, decoded once (thread-safe).
    var decoded: Result<CGImage, CGImageDecodingError> {
        lock.lock(); defer { lock.unlock() }
        if let result { return result }
        let r = Result { () throws(CGImageDecodingError) -> CGImage in try CGImage.decode(from: data) }
        result = r
        return r
    }
}

/// A source over the file at `url`; nil when the file cannot be read. Apple's
/// `CGImageSourceCreateWithURL(_:_:)`, which takes a `CFURL` and a `CFDictionary`; `options`
/// is accepted and ignored.
public func CGImageSourceCreateWithURL(_ url: URL, _ options: [String: Any]?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return CGImageSource(data: data)
}

/// A source over `data` (whatever it holds: check `CGImageSourceGetStatus`). Apple's
/// `CGImageSourceCreateWithData(_:_:)`, which takes `CFData`; `options` is accepted and ignored.
public func CGImageSourceCreateWithData(_ data: Data, _ options: [String: Any]?) -> CGImageSource? {
    CGImageSource(data: data)
}

/// The uniform type identifier of the source's format (`"public.png"`, `"public.jpeg"`,
/// `"org.webmproject.webp"`), or nil when unknown. Apple's `CGImageSourceGetType(_:)`.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> String? {
    isrc.format?.typeIdentifier
}

/// The number of images: 1 for a recognised format, 0 otherwise. Apple's `CGImageSourceGetCount(_:)`.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.format == nil ? 0 : 1
}

/// The source's status, found by decoding it. Apple's `CGImageSourceGetStatus(_:)`.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    guard isrc.format != nil else { return .statusUnknownType }
    switch isrc.decoded {
    case .success: return .statusComplete
    case .failure(.truncated): return .statusUnexpectedEOF
    case .failure(.unknownFormat), .failure(.empty): return .statusUnknownType
    case .failure: return .statusInvalidData
    }
}

/// The status of image `index`; `.statusInvalidData` for an index other than 0.
/// Apple's `CGImageSourceGetStatusAtIndex(_:_:)`.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    index == 0 ? CGImageSourceGetStatus(isrc) : .statusInvalidData
}

/// Image `index` (only 0 exists), decoded as `CGImage.decode(from:)` documents; nil when it
/// does not decode. Apple's `CGImageSourceCreateImageAtIndex(_:_:_:)`; `options` is ignored.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int,
                                            _ options: [String: Any]?) -> CGImage? {
    guard index == 0, case let .success(image) = isrc.decoded else { return nil }
    return image
}

/// Width, height, depth, alpha and colour model of image `index`, keyed by the
/// `kCGImageProperty…` names; nil when it does not decode. Apple's
/// `CGImageSourceCopyPropertiesAtIndex(_:_:_:)` (which also reports metadata this one does not).
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int,
                                               _ options: [String: Any]?) -> [String: Any]? {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, options) else { return nil }
    return [
        kCGImagePropertyPixelWidth: image.width,
        kCGImagePropertyPixelHeight: image.height,
        kCGImagePropertyDepth: image.bitsPerComponent,
        kCGImagePropertyHasAlpha: image.alphaInfo != .none,
        kCGImagePropertyColorModel: image.colorSpace?.model == .monochrome
            ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB,
    ]
}

/// The type identifiers sources read. Apple's `CGImageSourceCopyTypeIdentifiers()`.
public func CGImageSourceCopyTypeIdentifiers() -> [String] {
    CGImageFileFormat.allCases.map(\.typeIdentifier)
}
