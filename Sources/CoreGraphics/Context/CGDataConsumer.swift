/// Apple's `CFURL` and `CFMutableData` spellings, so that `CGContext(url as CFURL, …)` and
/// `CGDataConsumer(data: data as CFMutableData)` compile unchanged. Linux Foundation does not
/// export CoreFoundation's types; these aliases name the Foundation types they bridge to.
public typealias CFURL = URL
public typealias CFMutableData = NSMutableData

/// A destination for bytes written by a PDF context (Apple's `CGDataConsumer`,
/// https://developer.apple.com/documentation/coregraphics/cgdataconsumer).
///
/// Two destinations are supported: a mutable data object (bytes are appended) and a file URL
/// (the file is created or truncated when the consumer is made; bytes are written as they come).
/// Not thread-safe: use a consumer from one context on one thread.
public final class CGDataConsumer {
    private enum Sink {
        case data(NSMutableData)
        case file(FileHandle)
    }
    private let sink: Sink

    /// A consumer that appends to `data` (Apple's `init?(data:)`; never nil here).
    public init?(data: CFMutableData) {
        sink = .data(data)
    }

    /// A consumer that writes to a file URL (Apple's `init?(url:)`). nil when `url` is not a
    /// file URL or the file cannot be created.
    public init?(url: CFURL) {
        guard url.isFileURL,
              FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path) else { return nil }
        sink = .file(handle)
    }

    deinit {
        if case .file(let handle) = sink { try? handle.close() }
    }

    /// Appends `count` bytes; false when the file cannot be written.
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        switch sink {
        case .data(let data):
            data.append(bytes, length: count)
            return true
        case .file(let handle):
            do { try handle.write(contentsOf: Data(bytes: bytes, count: count)); return true }
            catch { return false }
        }
    }
}
