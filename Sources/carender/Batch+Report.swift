import Foundation

// What `carender batch` prints: a line or a progress bar as each scene finishes, then the table.
extension Batch {
    static func printSummary(_ list: [Job], _ outcomes: [Outcome]) {
        let width = min(max(list.map { URL(fileURLWithPath: $0.scene).lastPathComponent.count }.max() ?? 5, 5), 48)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
        print(pad("scene", width) + "  result   seconds  warnings  output / error")
        for (job, o) in zip(list, outcomes) {
            let result = o.code == 0 ? "ok" : "exit \(o.code)"
            let detail = o.code == 0 ? job.output : o.message
            print(pad(URL(fileURLWithPath: job.scene).lastPathComponent, width) + "  " + pad(result, 7)
                  + String(format: "  %7.2f  %8d  ", o.seconds, o.warnings) + detail)
        }
        let failed = outcomes.filter { $0.code != 0 }.count
        print("\(list.count - failed) of \(list.count) scenes rendered" + (failed > 0 ? ", \(failed) failed" : ""))
    }
}

/// Batch progress on standard error: a bar redrawn in place on a terminal, else one plain line
/// per finished scene (for logs and CI).
struct BatchProgress {
    let total: Int
    let isTerminal = isatty(2) != 0

    func finished(_ scene: String, _ o: Batch.Outcome, done: Int) {
        let name = URL(fileURLWithPath: scene).lastPathComponent
        let status = o.code == 0 ? "ok" : "FAILED (exit \(o.code)): \(o.message)"
        if isTerminal {
            let width = 30, filled = width * done / max(total, 1)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let line = o.code == 0 ? "" : "\r\u{1B}[K\(name): \(status)\n"
            FileHandle.standardError.write(Data("\(line)\r\u{1B}[K[\(bar)] \(done)/\(total) \(name)".utf8))
        } else {
            FileHandle.standardError.write(Data("[\(done)/\(total)] \(name): \(status)\n".utf8))
        }
    }

    func end() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
