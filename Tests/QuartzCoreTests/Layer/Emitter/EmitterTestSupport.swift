import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Collects the messages of `CADiagnostics` reports made inside `withHandler`.
final class EmitterDiagnosticsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ d: CALayerDiagnostic) { lock.lock(); stored.append(d.message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
