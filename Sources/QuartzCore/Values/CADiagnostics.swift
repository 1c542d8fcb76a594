/// A rejected layer operation: the message Apple would raise as an exception.
///
/// Where Apple raises (a KVC value of the wrong type, `NaN` geometry, a layer added below
/// itself, a mask that already has a superlayer), this package **ignores the operation, keeps
/// the layer unchanged, and reports a diagnostic** instead of crashing. See `CADiagnostics`.
public struct CALayerDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// A KVC value that cannot convert to the property's type (or nil for a non-optional one).
        case invalidValue
        /// A geometry value with a NaN or infinite component.
        case nonFiniteValue
        /// A key path with a component that names no field (e.g. `position.z`).
        case invalidKeyPath
        /// A tree edit that would make a layer its own ancestor.
        case cycle
        /// A mask that already has a superlayer, or a layer that is another layer's mask.
        case maskInUse
        /// A sibling or old sublayer that is not a sublayer of the receiver.
        case notASublayer
        /// An index past the end of `sublayers`.
        case indexOutOfRange
    }

    public let kind: Kind
    /// The property key or key path concerned, when there is one.
    public let key: String?
    /// A sentence for people.
    public let message: String

    public init(_ kind: Kind, key: String? = nil, _ message: String) {
        self.kind = kind; self.key = key; self.message = message
    }

    public var description: String { "QuartzCore: \(message)" }
}

/// Where rejected layer operations are reported (a project addition; Apple raises instead).
///
/// By default each diagnostic is written as one line to standard error. Install a handler for a
/// scope with `CADiagnostics.withHandler(…) { … }`: it is task-local, so tests running in
/// parallel each see only their own diagnostics.
///
/// The handler is kept in a class box: Swift 6.3 release builds crash in
/// `swift_task_localValuePush` when a task-local's value is an optional closure and
/// `withValue` runs outside a task (reproduced in a six-line program).
public enum CADiagnostics {
    /// Holds the installed handler.
    public final class Handler: Sendable {
        public let report: @Sendable (CALayerDiagnostic) -> Void
        public init(_ report: @escaping @Sendable (CALayerDiagnostic) -> Void) { self.report = report }
    }

    @TaskLocal public static var current: Handler?

    /// Runs `body` with `handler` receiving every diagnostic reported in it (on this task).
    public static func withHandler<R>(_ handler: @escaping @Sendable (CALayerDiagnostic) -> Void,
                                      _ body: () throws -> R) rethrows -> R {
        try $current.withValue(Handler(handler)) { try body() }
    }

    /// Sends `diagnostic` to the current handler, or to standard error.
    static func report(_ diagnostic: CALayerDiagnostic) {
        if let current { current.report(diagnostic); return }
        FileHandle.standardError.write(Data((printableText(diagnostic.description, limit: 500) + "\n").utf8))
    }
}
