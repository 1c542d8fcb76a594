import Foundation

/// Why a scene or layer tree could not be written: the output path names no format the writer
/// knows, an image could not be encoded or is too large to embed, or the file system refused.
///
/// Nothing is left behind at the destination when writing fails: files and bundle folders are
/// written beside it under a temporary name and moved into place at the end.
public struct CAMLWriteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public enum Kind: String, Sendable, Equatable {
        /// The output path ends in none of `.caml`, `.ca`, `.wallpaper`.
        case unsupportedOutput
        /// An image could not be encoded as PNG.
        case imageEncodingFailed
        /// An embedded (`data:`) image would pass the reader's 8 MiB limit for `data:` URIs.
        case imageTooLarge
        /// The destination could not be written or replaced.
        case unwritableFile
    }

    public let kind: Kind
    /// The output concerned (a path), or "" for text written in memory.
    public let path: String
    /// A sentence for people.
    public let message: String

    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind; self.path = path; self.message = message
    }

    /// `path: error: message`.
    public var description: String { (path.isEmpty ? "" : path + ": ") + "error: " + message }
    public var errorDescription: String? { description }
}
