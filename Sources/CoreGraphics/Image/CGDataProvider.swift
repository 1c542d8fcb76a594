/// A source of bytes for images: an immutable copy of the data it was given.
/// Follows Apple's `CGDataProvider` (https://developer.apple.com/documentation/coregraphics/cgdataprovider);
/// `Data` stands in for `CFData`, which Linux does not have.
public final class CGDataProvider: Sendable {
    /// All the provider's bytes (Apple returns them as `CFData`).
    public let data: Data?

    /// A provider over a copy of `data`.
    public init(data: Data) { self.data = data }

    /// A provider over the bytes of the file at `url`; nil when it cannot be read.
    public convenience init?(url: URL) {
        guard let d = try? Data(contentsOf: url) else { return nil }
        self.init(data: d)
    }

    /// A provider over the bytes of the file at `filename`; nil when it cannot be read.
    public convenience init?(filename: String) {
        self.init(url: URL(fileURLWithPath: filename))
    }

    /// A provider over `size` bytes at `data`, copied now; `releaseData` is called at once,
    /// since the copy no longer needs them.
    public convenience init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
                             releaseData: @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void) {
        guard size >= 0 else { return nil }
        self.init(data: Data(bytes: data, count: size))
        releaseData(info, data, size)
    }
}
