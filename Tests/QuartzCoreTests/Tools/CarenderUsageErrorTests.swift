import Foundation
import Testing

/// A wrong command line is one line saying what was wrong and one naming the help to read
/// (`carender help COMMAND`, as git does), exit 64 — not the whole usage text.
@Suite("carender usage errors", .serialized)
struct CarenderUsageErrorTests {
    @Test(arguments: [
        (["render", "Examples/scenes/hello.caml", "--bogus", "1", "-o", "/tmp/x.png"], "unknown option --bogus", "render"),
        (["render", "Examples/scenes/hello.caml", "-o", "/tmp/x.json"], "carender does not write .json files", "render"),
        (["render", "a.json", "--nope"], "unexpected argument --nope", "render"),
        (["info"], "info takes one scene", "info"),
        (["info", "a.json", "extra"], "info takes one animation", "info"),
        (["convert"], "", "convert"),
        (["batch"], "", "batch"),
        (["probe"], "probe takes a file", "probe"),
    ])
    func oneLineAndWhereToReadTheUsage(_ arguments: [String], _ message: String, _ command: String) throws {
        let r = try ToolRun("carender", arguments)
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.errors)")
        let lines = r.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(r.errors)")
        #expect(lines.first?.hasPrefix("carender: " + message) == true, "\(r.errors)")
        #expect(lines.last == "see 'carender help \(command)' for usage", "\(r.errors)")
        #expect(r.output.isEmpty)
    }

    @Test func anUnknownCommandPointsToTheWholeHelp() throws {
        let r = try ToolRun("carender", ["frobnicate"])
        #expect(r.status == 64)
        #expect(r.errors == "carender: unknown command 'frobnicate'\nsee 'carender help' for usage\n", "\(r.errors)")
    }

    @Test func helpForOneCommand() throws {
        let render = try ToolRun("carender", ["help", "render"])
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("carender render SCENE [--state NAME]"))
        #expect(render.output.contains("carender render ANIMATION.json|.lottie"))
        #expect(!render.output.contains("carender batch LIST|DIR"))
        let batch = try ToolRun("carender", ["help", "batch"])
        #expect(batch.status == 0 && batch.output.contains("carender batch LIST|DIR") && !batch.output.contains("carender render SCENE"))
        let all = try ToolRun("carender", ["--help"])
        #expect(all.status == 0 && all.output.contains("carender batch LIST|DIR") && all.output.contains("carender play SCENE"))
        let none = try ToolRun("carender", ["help", "nope"])
        #expect(none.status == 64 && none.errors.contains("no help for 'nope'"), "\(none.errors)")
    }
}
