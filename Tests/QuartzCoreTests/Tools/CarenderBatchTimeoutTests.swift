import Foundation
import Testing

/// `carender batch --timeout` reports a scene as timed out (124) only when its child did not
/// finish: a child that exits 0 just as the timer fires has published a complete output.
@Suite("carender batch --timeout")
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
}
