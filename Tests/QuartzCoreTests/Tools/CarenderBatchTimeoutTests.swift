import Foundation
import Testing

/// `carender batch --timeout` reports a scene as timed out (124) only when its child did not
/// finish: a child that exits 0 just as the timer fires has published a complete output.
@Suite("carender batch: timeouts and output paths")
struct CarenderBatchTimeoutTests {
    /// The child ignores SIGTERM and exits 0 two seconds after starting at the earliest
    /// (`CARENDER_FAULT`), so the 0.5 s timer always fires while it runs: exit 0, output there.
    @Test func aChildThatExitsZeroAsTheTimerFiresCountsAsRendered() throws {
        let dir = try ToolRun.temporaryFolder("carender-batch-timeout")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("scenes.txt"), out = dir.appendingPathComponent("out")
        try "Examples/scenes/hello.caml\n".write(to: list, atomically: true, encoding: .utf8)
        let r = try ToolRun("carender", ["batch", list.path, "-o", out.path, "--timeout", "0.5",
                                         "--time", "0.5", "--scale", "0.5"],
                            env: ["CARENDER_FAULT": "slow-exit-ignoring-term"])
        #expect(r.status == 0, "\(r.status): \(r.errors) \(r.output)")
        #expect(!r.errors.contains("--timeout"), "\(r.errors)")
        #expect(ToolRun.contents(out) == ["hello.png"], "\(ToolRun.contents(out))")
    }

    /// A child that ignores SIGTERM (as one inside a 48-s frame does, checking only between
    /// frames) is killed a grace after the timeout: batch returns in seconds, reports 124 whole
    /// in its table, and leaves no staging folder.
    @Test func aChildThatIgnoresTheTimeoutIsKilled() throws {
        let dir = try ToolRun.temporaryFolder("carender-batch-kill")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("scenes.txt"), out = dir.appendingPathComponent("out")
        try "Examples/scenes/hello.caml\n".write(to: list, atomically: true, encoding: .utf8)
        let start = Date()
        let r = try ToolRun("carender", ["batch", list.path, "-o", out.path, "--timeout", "0.5", "--time", "0.5"],
                            env: ["CARENDER_FAULT": "hang-ignoring-term"])
        #expect(Date().timeIntervalSince(start) < 30, "the child ran its 60 s")
        #expect(r.status == 124, "\(r.status): \(r.errors) \(r.output)")
        #expect(r.output.contains("exit 124"), "\(r.output)")
        #expect(ToolRun.contents(out).isEmpty, "\(ToolRun.contents(out))")
    }

    /// A list line whose base name is `..` cannot move its output out of OUTDIR: the job is
    /// named from the resolved path, and the output stays a child of OUTDIR.
    @Test func aDotDotLineStaysInsideTheOutputFolder() throws {
        let dir = try ToolRun.temporaryFolder("carender-batch-dotdot")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A .ca bundle with a subfolder: "bundle.ca/sub/.." is the bundle, whose line's base name is "..".
        let bundle = dir.appendingPathComponent("scenes/card.ca")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ToolRun.root.appendingPathComponent("Examples/scenes/hello.caml"),
                                         to: bundle.appendingPathComponent("main.caml"))
        let list = dir.appendingPathComponent("scenes.txt"), out = dir.appendingPathComponent("out")
        try "\(bundle.path)/sub/..\n".write(to: list, atomically: true, encoding: .utf8)
        // A sequence: its output is a folder named for the job, which `..` would have made OUTDIR's parent.
        let r = try ToolRun("carender", ["batch", list.path, "-o", out.path, "--duration", "0.2", "--fps", "10"])
        #expect(r.status == 0, "\(r.errors)")
        #expect(ToolRun.contents(out) == ["card"], "\(ToolRun.contents(out))")
        let outside = ToolRun.contents(dir).filter { !["scenes", "scenes.txt", "out"].contains($0) }
        #expect(outside.isEmpty, "\(outside) \(r.errors)")
    }
}

/// SIGTERM to `batch` reaches its children (they run in their own process groups): it stops
/// them, waits, and exits 130; no child is left running to write its output later.
@Suite("carender batch on a signal")
struct CarenderBatchSignalTests {
    /// Processes whose command line names `path`.
    func processes(naming path: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        return pids.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(path)
        }
    }

    /// `carender batch` of the example scenes into `out`, two long renders at once, started and
    /// waited for until it and both children run.
    func startBatch(into out: URL, errors: Pipe?) throws -> Process {
        let p = Process()
        p.executableURL = ToolRun.binaries.appendingPathComponent("carender")
        p.arguments = ["batch", "Examples/scenes", "-o", out.path, "--jobs", "2", "--duration", "60", "--fps", "30"]
        p.currentDirectoryURL = ToolRun.root
        p.environment = ProcessInfo.processInfo.environment.merging(["QUARTZCORE_GL": "0"]) { $1 }
        p.standardError = errors ?? FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let started = Date()
        while processes(naming: out.path).count < 3, Date().timeIntervalSince(started) < 20 { usleep(50_000) }
        #expect(processes(naming: out.path).count >= 3, "batch and two children running")
        return p
    }

    @Test func sigtermStopsTheChildrenFirst() throws {
        let dir = try ToolRun.temporaryFolder("carender-batch-signal")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let err = Pipe()
        let p = try startBatch(into: out, errors: err)
        kill(p.processIdentifier, SIGTERM)
        p.waitUntilExit()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130, "\(log)")
        #expect(log.contains("carender: interrupted; scenes that had finished keep their output, the others wrote none"), "\(log)")
        #expect(processes(naming: out.path).isEmpty, "children left running")
        #expect(ToolRun.contents(out).filter { !$0.hasPrefix(".") }.isEmpty, "\(ToolRun.contents(out))")
    }

    /// Killed outright (SIGKILL, no handler runs), batch still takes its children with it: the
    /// kernel sends them SIGTERM (PR_SET_PDEATHSIG) and they stop without writing their output.
    @Test func killingBatchOutrightStopsTheChildren() throws {
        let dir = try ToolRun.temporaryFolder("carender-batch-kill9")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let p = try startBatch(into: out, errors: nil)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        let killed = Date()
        while !processes(naming: out.path).isEmpty, Date().timeIntervalSince(killed) < 20 { usleep(50_000) }
        #expect(processes(naming: out.path).isEmpty, "children outlived a killed batch")
        #expect(ToolRun.contents(out).filter { !$0.hasPrefix(".") }.isEmpty, "\(ToolRun.contents(out))")
    }
}
