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
