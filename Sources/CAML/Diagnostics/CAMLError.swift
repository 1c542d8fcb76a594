import Foundation

/// Why a scene could not be read at all: the XML is malformed, a file cannot be opened, the
/// document holds no layer, or it passes a hard limit (nesting depth, element count, file size).
///
/// Everything else a scene file gets wrong (unknown elements and attributes, bad numbers,
/// missing images, unknown target ids) is a `CAMLWarning`, never an error. `line` and `column`
/// are 1-based positions in `file` as the XML parser reports them (0 when unknown); `element`
/// and `attribute` name the construct being read, when known.
public struct CAMLError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Equatable {
        /// The file or folder does not exist or cannot be read.
        case unreadableFile
        /// The path is neither a `.caml` file, a `.ca` bundle nor a `.wallpaper` folder.
        case unsupportedInput
        /// The XML is not well formed.
        case malformedXML
        /// The document has no layer element.
        case noRootLayer
        /// A hard limit was passed (nesting depth, element count, file size).
        case limitExceeded
    }

    public let kind: Kind
    /// The file concerned (a path).
    public let file: String
    /// 1-based line, 0 when unknown.
    public let line: Int
    /// 1-based column, 0 when unknown.
    public let column: Int
    /// The element being read, when known.
    public let element: String?
    /// The attribute being read, when known.
    public let attribute: String?
    /// A sentence for people.
    public let message: String

    public init(_ kind: Kind, file: String, line: Int = 0, column: Int = 0,
                element: String? = nil, attribute: String? = nil, _ message: String) {
        self.kind = kind; self.file = file; self.line = line; self.column = column
        self.element = element; self.attribute = attribute; self.message = message
    }

    /// `file:line:column: error: message (element <e>, attribute a)`, as compilers print.
    public var description: String {
        var s = file
        if line > 0 { s += ":\(line)"; if column > 0 { s += ":\(column)" } }
        s += ": error: \(message)"
        var context: [String] = []
        if let element { context.append("element <\(element)>") }
        if let attribute { context.append("attribute '\(attribute)'") }
        if !context.isEmpty { s += " (" + context.joined(separator: ", ") + ")" }
        return s
    }

    public var errorDescription: String? { description }
}
