/// A note from CoreGraphics or CoreText about input it replaced rather than rejected: a font
/// name that is not installed, a font size that cannot be drawn (a project addition; Apple
/// substitutes silently or logs).
public struct CGDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// A requested font was replaced by another (`subject`: the requested name).
        case fontSubstituted
        /// A value that cannot be used was replaced by a default (`subject`: what it was for).
        case invalidValue
    }

    public let kind: Kind
    /// The name or value concerned.
    public let subject: String
    /// A sentence for people.
    public let message: String

    public init(_ kind: Kind, subject: String, _ message: String) {
        self.kind = kind; self.subject = subject; self.message = message
    }

    /// The message as printed: control and format characters from input (a font name from a
    /// scene) escaped (`printableText`).
    public var description: String { "CoreGraphics: " + printableText(message, limit: 500) }
}

/// Where CoreGraphics and CoreText notes go: one line on standard error by default, or a
/// handler installed for a scope with `withHandler` (task-local, so parallel tests each see
/// their own). Same shape as QuartzCore's `CADiagnostics`; the handler is boxed for the same
/// reason (release builds crash when a task-local holds an optional closure).
public enum CGDiagnostics {
    public final class Handler: Sendable {
        public let report: @Sendable (CGDiagnostic) -> Void
        public init(_ report: @escaping @Sendable (CGDiagnostic) -> Void) { self.report = report }
    }

    @TaskLocal public static var current: Handler?

    /// Runs `body` with `handler` receiving every note reported in it (on this task).
    public static func withHandler<R>(_ handler: @escaping @Sendable (CGDiagnostic) -> Void,
                                      _ body: () throws -> R) rethrows -> R {
        try $current.withValue(Handler(handler)) { try body() }
    }

    /// Sends `diagnostic` to the current handler, or to standard error.
    package static func report(_ diagnostic: CGDiagnostic) {
        if let current { current.report(diagnostic); return }
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}
