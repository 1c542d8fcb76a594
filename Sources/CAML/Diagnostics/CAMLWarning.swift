import CoreGraphics
/// Something a scene file got wrong that the reader skipped or repaired: an unknown element or
/// attribute, a value that does not parse, a missing image, an unknown target id, an editor
/// extension (`scriptObject`, `.js` assets). Reading goes on; the scene renders without it.
///
/// `line` is the 1-based line of the element concerned in `file` (0 when there is none, e.g. a
/// warning about a state applied later).
public struct CAMLWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file concerned (a path).
    public let file: String
    /// 1-based line, 0 when unknown.
    public let line: Int
    /// A sentence for people.
    public let message: String

    public init(file: String, line: Int, _ message: String) {
        self.file = file; self.line = line; self.message = message
    }

    /// `file:line: warning: message`, as compilers print.
    public var description: String {
        line > 0 ? "\(file):\(line): warning: \(message)" : "\(file): warning: \(message)"
    }
}

/// Collects warnings while a scene is read (one per reader; not shared across threads).
final class CAMLWarningLog {
    private(set) var warnings: [CAMLWarning] = []
    /// Warnings past this many are counted, not kept, so a hostile file cannot fill memory.
    static let maximumCount = 1000
    private var dropped = 0

    func warn(_ file: String, _ line: Int, _ message: String) {
        guard warnings.count < Self.maximumCount else { dropped += 1; return }
        warnings.append(CAMLWarning(file: file, line: line, Self.printable(message)))
    }

    /// Longest message kept; the rest is replaced by "…".
    static let maximumMessageLength = 300

    /// `message` with control characters written as `\u{…}` escapes and cut to
    /// `maximumMessageLength` characters, since messages quote values from the file.
    static func printable(_ message: String, limit: Int = maximumMessageLength) -> String {
        printableText(message, limit: limit)
    }

    /// The warnings, with one summarising those dropped past `maximumCount`.
    var all: [CAMLWarning] {
        guard dropped > 0 else { return warnings }
        return warnings + [CAMLWarning(file: warnings.last?.file ?? "", line: 0,
                                       "\(dropped) more warnings not shown")]
    }
}

