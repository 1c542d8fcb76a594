import Foundation
import CQuartzLinux

// One scene of `carender batch`: `carender render` run as a child process (this executable),
// so a crash, hang or memory blow-up in one scene fails that scene alone.
extension Batch {
    /// One `carender render` child: its exit code, time, warning count and last error line.
    static func renderOne(_ job: Job, passThrough: [String], timeout: Double?) -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        // --quiet: no progress or "drawing on" lines, so the last error line is the error.
        p.arguments = ["render", job.scene] + passThrough + ["--quiet", "-o", job.output]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.environment = ProcessInfo.processInfo.environment.merging([batchParentKey: "\(getpid())"]) { $1 }
        let start = Date()
        var outcome = Outcome()
        guard BatchChildren.shared.start(p) else {
            let stopping = BatchChildren.shared.isStopping
            outcome.code = stopping ? ExitCode.interrupted.rawValue : ExitCode.renderFailed.rawValue
            outcome.message = stopping ? "not started: interrupted" : "cannot start carender"
            return outcome
        }
        final class Flag: @unchecked Sendable { var set = false }   // written before the child exits, read after
        let timedOut = Flag()
        if let timeout {
            // SIGTERM stops a child between frames; one inside a long frame is killed after a grace.
            let pid = p.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [p] in
                guard p.isRunning else { return }
                timedOut.set = true
                p.terminate()
                DispatchQueue.global().asyncAfter(deadline: .now() + BatchChildren.killGrace) {
                    if p.isRunning { kill(pid, SIGKILL) }
                }
            }
        }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        BatchChildren.shared.finished(p)
        if timedOut.set, p.terminationReason == .uncaughtSignal {
            // Killed inside a frame: its staging folder is left; the next render to the same
            // output would remove it, but nothing else will, so batch does.
            let target = URL(fileURLWithPath: job.output)
            StagingFolder.removeStale(in: target.deletingLastPathComponent(), prefix: StagingFolder.prefix(for: target))
        }
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

/// `batch`'s running children, so a signal to batch reaches them: on SIGINT, SIGTERM or SIGHUP
/// each child gets SIGTERM (it removes its partial output and exits 130), batch waits for them
/// (SIGKILL after a grace) and only then says "no output written" for the unfinished scenes.
/// Children run in their own process groups, so a terminal's Ctrl-C reaches batch alone.
final class BatchChildren: @unchecked Sendable {   // `running` and `stopping` are under `lock`
    static let shared = BatchChildren()
    /// Seconds between SIGTERM and SIGKILL, for a child inside a long frame.
    static let killGrace = 3.0
    private let lock = NSLock()
    private var running: [Int32: Process] = [:]
    private var stopping = false
    private var sources: [DispatchSourceSignal] = []

    /// Starts `p` unless batch is stopping; false when it did not start.
    func start(_ p: Process) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !stopping, (try? p.run()) != nil else { return false }
        running[p.processIdentifier] = p
        return true
    }

    func finished(_ p: Process) { lock.withLock { running[p.processIdentifier] = nil } }

    var isStopping: Bool { lock.withLock { stopping } }

    /// Called when every job has returned: if a signal is being handled, its handler ends the
    /// process (exit 130 with its message), not the summary.
    func parkIfStopping() {
        guard lock.withLock({ stopping }) else { return }
        while true { sleep(60) }
    }

    /// Replaces carender's exit-at-once signal handlers for the batch run.
    func stopOnSignals() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in stopAll() }
            source.resume()
            sources.append(source)
        }
    }

    private func stopAll() {
        let children = lock.withLock { () -> [Process] in stopping = true; return Array(running.values) }
        for p in children where p.isRunning { kill(p.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(Self.killGrace)
        while children.contains(where: \.isRunning), Date() < deadline { usleep(20_000) }
        for p in children where p.isRunning { kill(p.processIdentifier, SIGKILL) }
        for p in children { p.waitUntilExit() }
        if RenderProgress.lineOpen { FileHandle.standardError.write(Data("\n".utf8)) }
        let message = "carender: interrupted; scenes that had finished keep their output, the others wrote none\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(ExitCode.interrupted.rawValue)
    }
}

/// The environment variable naming the batch a child belongs to (its process id).
let batchParentKey = "CARENDER_BATCH_PARENT"

/// In a child of `batch`: the kernel sends SIGTERM when the batch exits however it ends (even
/// `kill -9`, which gives batch no chance to stop its children), and the child's own handler
/// removes its partial output. A batch already gone before this runs ends the child at once.
func stopWithBatchParent() {
    guard let value = ProcessInfo.processInfo.environment[batchParentKey], let parent = pid_t(value) else { return }
    _ = cquartz_set_parent_death_signal(SIGTERM)
    if getppid() != parent { _exit(ExitCode.interrupted.rawValue) }
}
