import Foundation
import QuartzCore

/// `--verbose`: FFmpeg's own log lines are shown (they are off otherwise: carender reports
/// what failed itself).
nonisolated(unsafe) var verboseOutput = false
/// `--quiet`: no progress and no informational lines (which backend draws); warnings and
/// errors still show.
nonisolated(unsafe) var quietOutput = false

/// An error as one line for people: Foundation's file errors (`NSCocoaErrorDomain` with a
/// POSIX cause) as "permission denied" or "no such file or folder" and the path, instead of the
/// `Error Domain=… UserInfo={…}` dump; anything else by its description, on one line.
func oneLine(_ error: any Error) -> String {
    let ns = error as NSError
    var path = ns.userInfo[NSFilePathErrorKey] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
    var cause = ns.userInfo[NSUnderlyingErrorKey] as? NSError
    while let inner = cause, inner.domain != NSPOSIXErrorDomain, let next = inner.userInfo[NSUnderlyingErrorKey] as? NSError {
        cause = next
    }
    path = path ?? cause?.userInfo[NSFilePathErrorKey] as? String
    let reason: String?
    if let cause, cause.domain == NSPOSIXErrorDomain {
        reason = String(cString: strerror(Int32(cause.code))).lowercased()
    } else if ns.domain == NSPOSIXErrorDomain {
        reason = String(cString: strerror(Int32(ns.code))).lowercased()
    } else if ns.domain == NSCocoaErrorDomain {
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: reason = "no such file or folder"
        case .fileReadNoPermission, .fileWriteNoPermission: reason = "permission denied"
        case .fileWriteOutOfSpace: reason = "no space left on the device"
        case .fileWriteVolumeReadOnly: reason = "read-only file system"
        case .fileWriteFileExists: reason = "a file is in the way"
        default: reason = nil
        }
    } else {
        reason = nil
    }
    guard let reason else {
        let text = ns.domain == NSCocoaErrorDomain ? ns.localizedDescription : "\(error)"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    return path.map { "\(reason) (\($0))" } ?? reason
}

/// QuartzCore diagnostics during a render, each distinct message printed once: a warning the
/// renderer gives every frame (an emitter over its particle cap, a layer not drawn) is not
/// repeated for each frame; how often it came is printed when carender exits.
final class RenderDiagnostics: @unchecked Sendable {
    static let shared = RenderDiagnostics()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var order: [String] = []

    func report(_ d: CALayerDiagnostic) {
        let line = d.description
        lock.lock()
        let seen = counts[line, default: 0]
        counts[line] = seen + 1
        if seen == 0 { order.append(line) }
        lock.unlock()
        if seen == 0 { FileHandle.standardError.write(Data("carender: warning: \(line)\n".utf8)) }
    }

    /// One line per message that came more than once.
    func printRepeats() {
        lock.lock(); defer { lock.unlock() }
        for line in order where counts[line, default: 0] > 1 {
            FileHandle.standardError.write(Data("carender: warning repeated \(counts[line]!) times in all: \(line)\n".utf8))
        }
    }

    /// Runs `body` (which may exit) with diagnostics deduplicated; the repeats are printed at exit.
    static func collect(_ body: () -> Never) -> Never {
        atexit { RenderDiagnostics.shared.printRepeats() }
        CADiagnostics.withHandler({ RenderDiagnostics.shared.report($0) }) { body() }
    }
}

/// Flushes standard output and fails (exit 74) when it could not be written, e.g. to a full
/// disk or /dev/full: a listing that did not arrive is no success.
func finishStandardOutput() {
    // fflush(nil) flushes every stream (stdout is a C global Swift 6 will not touch) and fails
    // when what is left cannot be written; a full device stays full, so a failed earlier
    // implicit flush fails here again.
    if fflush(nil) != 0 {
        let reason = String(cString: strerror(errno)).lowercased()
        FileHandle.standardError.write(Data("carender: cannot write to standard output: \(reason)\n".utf8))
        exit(ExitCode.ioError.rawValue)
    }
}
