/// An image file format this package reads or writes. Our addition: Apple names formats by
/// uniform type identifier (`UTType`); `rawValue` is that identifier, so ImageIO's type strings
/// map one to one.
public enum CGImageFileFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG (read and write).
    case png = "public.png"
    /// JPEG (read and write).
    case jpeg = "public.jpeg"
    /// WebP (read only).
    case webp = "org.webmproject.webp"

    /// The uniform type identifier, e.g. `"public.png"`.
    public var typeIdentifier: String { rawValue }

    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }

    /// The format whose signature starts `data`, or nil. Only the leading bytes are looked at
    /// (8 for PNG, 3 for JPEG, 12 for WebP), so a truncated file still sniffs as its format.
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: CGImageFileFormat.pngSignature) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
