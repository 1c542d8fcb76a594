import Foundation
import Testing

/// An interrupted render leaves nothing: a signal that arrives before the output is renamed
/// into place (even after the last frame is encoded) removes the staging folder, exit 130.
@Suite("carender interrupted before publishing", .serialized)
struct CarenderSignalTests {
    /// SIGTERM after the last frame is encoded, just before the output would be put in place
    /// (`CARENDER_FAULT`): nothing is published, the staging folder is gone, exit 130.
    @Test(arguments: ["one.png", "sequence", "one.pdf"])
    func aSignalBeforePublishingLeavesNothing(_ name: String) throws {
        let dir = try ToolRun.temporaryFolder("carender-signal")
        defer { try? FileManager.default.removeItem(at: dir) }
        let timing = name == "sequence" ? ["--duration", "0.25", "--fps", "12"] : ["--time", "0.5"]
        let r = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--scale", "0.5"] + timing
                                        + ["-o", dir.appendingPathComponent(name).path],
                            env: ["CARENDER_FAULT": "signal-before-publish"])
        #expect(r.status == 130 && r.errors.contains("carender: interrupted; no output written"), "\(r.status): \(r.errors)")
        #expect(ToolRun.contents(dir).isEmpty, "left: \(ToolRun.contents(dir))")
    }
}
