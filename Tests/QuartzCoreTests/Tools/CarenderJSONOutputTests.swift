import Foundation
import Testing

/// `carender render` chooses the Lottie or scene path by its input only: a scene rendered to an
/// output named `.json` is refused (64), never read as a Lottie; a Lottie input after options still
/// goes down the Lottie path.
@Suite("carender render dispatch on the input", .serialized)
struct CarenderJSONOutputTests {
    @Test func jsonOutputIsRefused() throws {
        let dir = try ToolRun.temporaryFolder("carender-json-out")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.json")
        let r = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "-o", out.path])
        #expect(r.status == 64 && r.errors.contains("carender does not write .json files"), "\(r.errors)")
        #expect(ToolRun.contents(dir).isEmpty)
    }

    @Test func aLottieInputAfterOptionsIsRenderedAsLottie() throws {
        let dir = try ToolRun.temporaryFolder("carender-json-in")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("a.json"), png = dir.appendingPathComponent("a.png")
        try Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"layers":[]}"#.utf8).write(to: json)
        let r = try ToolRun("carender", ["render", "--scale", "1", "-o", png.path, json.path])
        #expect(r.status == 0 && r.output.contains("(20×20 px)"), "\(r.errors)")
        // A scene whose option value ends in .json is still a scene (its input is hello.caml).
        let s = try ToolRun("carender", ["render", "--state", "x.json", "Examples/scenes/hello.caml", "--scale", "0.25",
                                         "-o", dir.appendingPathComponent("h.png").path])
        #expect(!s.errors.contains("Lottie") && !s.errors.contains("unexpected argument"), "\(s.errors)")
    }
}
