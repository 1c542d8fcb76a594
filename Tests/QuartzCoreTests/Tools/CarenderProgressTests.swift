import Foundation
import Testing

/// A long render is seen moving in a log (standard error not a terminal): a plain progress line
/// every `--progress-interval` seconds, none with `--quiet`, and the final line says the time.
@Suite("carender progress in logs", .serialized)
struct CarenderProgressTests {
    func render(_ extra: [String]) throws -> ToolRun {
        let dir = try ToolRun.temporaryFolder("progress")
        defer { try? FileManager.default.removeItem(at: dir) }
        return try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "2", "--fps", "30",
                                        "--scale", "1"] + extra + ["-o", dir.appendingPathComponent("frames").path])
    }

    @Test func plainLinesEveryIntervalAndASummary() throws {
        let r = try render(["--progress-interval", "0.1"])
        #expect(r.status == 0, "\(r.errors)")
        let lines = r.errors.split(separator: "\n").filter { $0.hasPrefix("carender: ") && $0.contains("/60 frames (") }
        #expect(!lines.isEmpty, "\(r.errors)")
        for line in lines {
            #expect(line.wholeMatch(of: /carender: \d+\/60 frames \(\d+ %\), \d+\.\d fps, \d+\.\d\d s left/) != nil, "\(line)")
        }
        #expect(!r.errors.contains("\r"))                                  // no terminal bar in a log
        #expect(r.output.wholeMatch(of: /wrote 60 frames to .+ \(320×240 px\) in \d+\.\d\d s, \d+\.\d fps\n/) != nil, "\(r.output)")
    }

    @Test func quietShowsNoProgress() throws {
        let r = try render(["--progress-interval", "0.1", "--quiet"])
        #expect(r.status == 0, "\(r.errors)")
        #expect(!r.errors.contains("frames ("), "\(r.errors)")
    }

    @Test func anIntervalOutOfRangeIsRefused() throws {
        let r = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--progress-interval", "0", "-o", "/tmp/x.png"])
        #expect(r.status == 64 && r.errors.hasPrefix("carender: --progress-interval must be 0.1…86400 seconds"), "\(r.errors)")
    }
}
