import Foundation
import Testing

/// `--frames A:B` past the sequence's last frame is refused (64) with the real range, as
/// `--time`, `--progress` and `--frame` outside theirs are; never cut short silently.
@Suite("carender --frames range", .serialized)
struct CarenderFrameRangeTests {
    @Test(arguments: [("10:99", "--frames 10:99 ends past the last frame: the sequence has frames 0…11 (0:12); its last frames are 10:12"),
                      ("12:20", "--frames 12:20 starts past the last frame: the sequence has frames 0…11 (0:12)")])
    func framesPastTheSequenceAreRefused(_ range: String, _ message: String) throws {
        let dir = try ToolRun.temporaryFolder("carender-frames")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("seq")
        let r = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "1", "--fps", "12",
                                         "--scale", "0.25", "--frames", range, "-o", out.path])
        #expect(r.status == 64 && r.errors.contains(message), "\(r.errors)")
        #expect(ToolRun.contents(dir).isEmpty)
        let tail = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "1", "--fps", "12",
                                            "--scale", "0.25", "--frames", "10:12", "-o", out.path])
        #expect(tail.status == 0 && ToolRun.contents(out) == ["frame-00010.png", "frame-00011.png"], "\(tail.errors)")
    }
}
