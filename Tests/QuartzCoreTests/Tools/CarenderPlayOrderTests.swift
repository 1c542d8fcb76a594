import Foundation
import Testing

/// `carender play` reads and checks what it plays before it looks for a display: with no
/// display, a bad scene is still 65 (a missing one 66, an unknown state 64) and a Lottie's
/// warnings print as `render` prints them; only a good scene gets to the display's 69.
@Suite("carender play checks the scene first")
struct CarenderPlayOrderTests {
    @Test func aBadSceneWithoutADisplayIsTheScenesError() throws {
        let dir = try ToolRun.temporaryFolder("carender-play")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.caml")
        try Data("<caml><CALayer".utf8).write(to: bad)
        let unreadable = try ToolRun("carender", ["play", bad.path])
        #expect(unreadable.status == 65, "\(unreadable.errors)")
        let missing = try ToolRun("carender", ["play", dir.appendingPathComponent("none.caml").path])
        #expect(missing.status == 66, "\(missing.errors)")
        let state = try ToolRun("carender", ["play", "Examples/scenes/hello.caml", "--state", "Nope"])
        #expect(state.status == 64 && state.errors.contains("scene has no state 'Nope'"), "\(state.errors)")
        let good = try ToolRun("carender", ["play", "Examples/scenes/hello.caml"])
        #expect(good.status == 69, "\(good.errors)")
    }

    @Test func lottieWarningsNameCarenderAndTheFileAsRenderDoes() throws {
        let dir = try ToolRun.temporaryFolder("carender-play-lottie")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("anim.json")
        try Data(#"""
        {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"assets":[{"id":"img","w":10,"h":10,"u":"","p":"/dev/null"}],
         "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{}}]}
        """#.utf8).write(to: json)
        let r = try ToolRun("carender", ["play", json.path])
        #expect(r.status == 69, "\(r.errors)")
        #expect(r.errors.contains("carender: anim.json: warning: layers[0]: image '/dev/null' could not be read"), "\(r.errors)")
        #expect(!r.errors.contains("\nwarning:") && !r.errors.hasPrefix("warning:"))
    }
}
