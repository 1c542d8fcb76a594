import Foundation

// What `carender batch` prints: a line or a progress bar as each scene finishes, then the table.
extension Batch {
    static func printSummary(_ list: [Job], _ outcomes: [Outcome]) {
        let names = list.map { printable(URL(fileURLWithPath: $0.scene).lastPathComponent) }
        let results = outcomes.map { $0.code == 0 ? "ok" : "exit \($0.code)" }
        let width = min(max(names.map(\.count).max() ?? 5, 5), 48)
        let resultWidth = max(results.map(\.count).max() ?? 6, 6)   // "exit 124" whole, never "exit 12"
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
        print(pad("scene", width) + "  " + pad("result", resultWidth) + "  seconds  warnings  output / error")
        for ((job, o), (name, result)) in zip(zip(list, outcomes), zip(names, results)) {
            let detail = o.code == 0 ? printable(job.output) : printable(o.message)
            print(pad(name, width) + "  " + pad(result, resultWidth)
                  + String(format: "  %7.2f  %8d  ", o.seconds, o.warnings) + detail)
        }
        let failed = outcomes.filter { $0.code != 0 }.count
        print("\(list.count - failed) of \(list.count) scenes rendered" + (failed > 0 ? ", \(failed) failed" : ""))
    }
}

/// Batch progress on standard error: a bar redrawn in place on a terminal, else one plain line
/// per finished scene (for logs and CI).
final class BatchProgress: @unchecked Sendable {   // used only under the batch's results lock
    let total: Int
    let isTerminal = isatty(2) != 0
    /// The scenes rendering now, in the order they started (the live line names them).
    private var running: [String] = []
    private var done = 0

    init(total: Int) { self.total = total }

    func started(_ scene: String) {
        running.append(printable(URL(fileURLWithPath: scene).lastPathComponent))
        if isTerminal { draw() }
    }

    func finished(_ scene: String, _ o: Batch.Outcome, done: Int) {
        let name = printable(URL(fileURLWithPath: scene).lastPathComponent)
        if let i = running.firstIndex(of: name) { running.remove(at: i) }
        self.done = done
        let status = o.code == 0 ? "ok" : "FAILED (exit \(o.code)): \(printable(o.message))"
        if isTerminal {
            if o.code != 0 { FileHandle.standardError.write(Data("\r\u{1B}[K\(name): \(status)\n".utf8)) }
            draw()
        } else {
            FileHandle.standardError.write(Data("[\(done)/\(total)] \(name): \(status)\n".utf8))
        }
    }

    /// The live line: the bar, the count and the scenes rendering now.
    private func draw() {
        let width = 30, filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let now = running.isEmpty ? "" : " rendering " + running.joined(separator: ", ")
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total)\(now)".utf8))
        RenderProgress.lineOpen = true
    }

    func end() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)); RenderProgress.lineOpen = false }
    }
}
