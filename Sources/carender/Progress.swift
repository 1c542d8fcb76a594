import Foundation

/// `--quiet` and `--progress-interval SECONDS`, for scenes and Lottie animations alike.
struct ReportOptions: Equatable {
    /// No progress lines (errors and warnings still show).
    var quiet = false
    /// Seconds between the plain progress lines written when standard error is not a terminal.
    var interval = 5.0

    /// Takes `name` (and its value) if it is one of these options; false for any other.
    mutating func parse(_ name: String, _ value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        switch name {
        case "--quiet": quiet = true
        case "--progress-interval":
            let text = try value()
            guard let s = Double(text), s.isFinite, s >= 0.1, s <= 86_400 else {
                throw UsageError(message: "--progress-interval must be 0.1…86400 seconds")
            }
            interval = s
        default: return false
        }
        return true
    }
}

/// Progress of a multi-frame render on standard error. In a terminal: one live line, redrawn at
/// most ten times a second, with the frames done, the rate and the time left. Otherwise (CI, a
/// container's log): a plain line every `interval` seconds, so a long render is seen moving.
/// Nothing for a single frame or with `--quiet`. `summary` is the end of the final "wrote …"
/// line: the time taken and the rate.
final class RenderProgress {
    private let total: Int
    private let options: ReportOptions
    private let isTerminal = isatty(2) != 0
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var lastLine: Date

    /// Whether a live line is drawn and not yet ended (a message printed now starts a new line).
    nonisolated(unsafe) static var lineOpen = false

    init(total: Int, options: ReportOptions) {
        self.total = total; self.options = options
        lastLine = start
    }

    private var enabled: Bool { total > 1 && !options.quiet }

    func update(_ done: Int) {
        guard enabled else { return }
        let now = Date(), elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let figures = String(format: "%.1f fps, %@ left", rate, Self.duration(left))
        if isTerminal {
            guard done == total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let width = 30, filled = width * done / max(total, 1)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            write("\r\u{1B}[K[\(bar)] \(done)/\(total) frames, \(figures)")
            Self.lineOpen = true
            if done == total { write("\n"); Self.lineOpen = false }
        } else if done < total, now.timeIntervalSince(lastLine) >= options.interval {
            lastLine = now
            write("carender: \(done)/\(total) frames (\(100 * done / max(total, 1)) %), \(figures)\n")
        }
    }

    /// " in 2.71 s, 22.1 fps" for a sequence; "" for one frame.
    var summary: String {
        guard total > 1 else { return "" }
        let elapsed = Date().timeIntervalSince(start)
        return String(format: " in %@, %.1f fps", Self.duration(elapsed), elapsed > 0 ? Double(total) / elapsed : 0)
    }

    static func duration(_ s: Double) -> String {
        s < 60 ? String(format: "%.2f s", s) : String(format: "%d min %02d s", Int(s) / 60, Int(s) % 60)
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
