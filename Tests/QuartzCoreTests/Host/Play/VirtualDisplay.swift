import Foundation

/// An X server without a screen (Xvfb) for the window tests: started on a free display number
/// (`-displayfd`: the server picks one and writes it when it accepts connections), stopped on
/// `stop()`. nil where Xvfb is not installed or does not start within 20 seconds.
final class VirtualDisplay: @unchecked Sendable {
    let name: String
    private let process: Process

    /// The Xvfb executable on PATH, if any.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether libSDL2 can be opened (what `carender play` needs besides a display).
    static let hasSDL: Bool = {
        guard let h = dlopen("libSDL2-2.0.so.0", RTLD_LAZY | RTLD_LOCAL) else { return false }
        dlclose(h)
        return true
    }()

    /// Both present: the window tests can run.
    static let available = executable != nil && hasSDL

    init?(width: Int = 1280, height: Int = 1024) {
        guard let xvfb = Self.executable else { return nil }
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: xvfb)
        p.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let ready = DispatchSemaphore(value: 0)
        let number = LockedText()
        DispatchQueue.global().async {
            // The display number and a newline, once the server is ready.
            var text = ""
            while !text.contains("\n") {
                let d = out.fileHandleForReading.availableData
                if d.isEmpty { break }
                text += String(decoding: d, as: UTF8.self)
            }
            number.set(text.trimmingCharacters(in: .whitespacesAndNewlines))
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 20) == .success, let n = Int(number.value) else {
            kill(p.processIdentifier, SIGKILL); p.waitUntilExit()
            return nil
        }
        name = ":\(n)"
        process = p
    }

    /// Ends the server (its clients lose their connection). SIGKILL: children of the test
    /// process inherit its blocked signal mask, so SIGTERM would wait forever.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Text written by one thread and read by another.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    var value: String { lock.withLock { text } }
    func set(_ s: String) { lock.withLock { text = s } }
    func append(_ s: String) { lock.withLock { text += s } }
}
