import Foundation

// One scene of `carender batch`: `carender render` run as a child process (this executable),
// so a crash, hang or memory blow-up in one scene fails that scene alone.
extension Batch {
    /// One `carender render` child: its exit code, time, warning count and last error line.
    static func renderOne(_ job: Job, passThrough: [String], timeout: Double?) -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        p.arguments = ["render", job.scene] + passThrough + ["-o", job.output]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        let start = Date()
        var outcome = Outcome()
        do { try p.run() } catch {
            outcome.code = ExitCode.renderFailed.rawValue
            outcome.message = "cannot start carender: \(oneLine(error))"
            return outcome
        }
        final class Flag: @unchecked Sendable { var set = false }   // written before the child exits, read after
        let timedOut = Flag()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [p] in
                if p.isRunning { timedOut.set = true; p.terminate() }
            }
        }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        outcome.seconds = Date().timeIntervalSince(start)
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        outcome.warnings = lines.filter { $0.contains("warning:") }.count
        // The timer can fire as the child finishes: terminate() then reaches a child that has
        // already published its output (its handler stops nothing after that) and exits 0.
        let completed = p.terminationReason == .exit && p.terminationStatus == 0
        if timedOut.set && !completed {
            outcome.code = 124
            outcome.message = "stopped after \(timeout ?? 0) s (--timeout)"
        } else if p.terminationReason == .uncaughtSignal {
            outcome.code = 128 + p.terminationStatus
            outcome.message = "crashed (signal \(p.terminationStatus))"
        } else {
            outcome.code = p.terminationStatus
            let error = lines.first { $0.hasPrefix("carender:") && !$0.contains("warning:") } ?? lines.last ?? ""
            outcome.message = outcome.code == 0 ? "" : String(error.trimmingPrefix("carender: "))
        }
        return outcome
    }
}
