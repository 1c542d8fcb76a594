import Foundation
import Testing

/// Messages a newcomer met trying carender on a clean clone: an unknown state on a scene
/// without states, and `convert` onto its own input.
@Suite("carender scene messages", .serialized)
struct CarenderSceneMessagesTests {
    @Test func anUnknownStateOnAStatelessSceneSaysThereAreNone() throws {
        let r = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--state", "", "-o", "/tmp/never.png"])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors == "carender: scene has no state '' (it has no states; carender info lists them)\n", "\(r.errors)")
    }

    @Test func convertRefusesToRewriteItsInputUnlessForced() throws {
        let dir = try ToolRun.temporaryFolder("carender-convert-self")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("hello.caml")
        try FileManager.default.copyItem(at: ToolRun.root.appendingPathComponent("Examples/scenes/hello.caml"), to: scene)
        let original = try Data(contentsOf: scene)
        // The same file under another spelling of its path is still the input.
        let other = dir.path + "/./hello.caml"
        let r = try ToolRun("carender", ["convert", scene.path, "-o", other])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors.hasPrefix("carender: -o \(other) is the scene itself; write to another name"), "\(r.errors)")
        #expect(try Data(contentsOf: scene) == original)
        let forced = try ToolRun("carender", ["convert", scene.path, "--force", "-o", scene.path])
        #expect(forced.status == 0, "\(forced.errors)")
        let rewritten = try String(contentsOf: scene, encoding: .utf8)
        #expect(!rewritten.contains("<!--") && rewritten.contains("name=\"spinner\""))
        #expect(ToolRun.contents(dir) == ["hello.caml"])
    }
}
