import Foundation

/// Why a Lottie file could not be read at all (anything less is a `LottieWarning`).
public struct LottieError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Something the importer skipped or approximated; the rest of the animation still plays.
/// `path` names where in the file (`layers[3].shapes[1]`).
public struct LottieWarning: CustomStringConvertible, Sendable, Hashable {
    public let path: String
    public let message: String
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Collects warnings while reading and building, each distinct one once, at most `limit` kept
/// (a hostile file repeating one bad item a million times costs no memory).
final class WarningLog: @unchecked Sendable {
    private(set) var warnings: [LottieWarning] = []
    private var seen = Set<String>()
    private(set) var dropped = 0
    let limit = 200

    func warn(_ path: String, _ message: String) {
        // Repeats of one message under different indices collapse into the first.
        guard seen.insert(message).inserted else { return }
        if warnings.count < limit { warnings.append(LottieWarning(path: path, message: message)) }
        else { dropped += 1 }
    }
}
