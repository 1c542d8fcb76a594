import Foundation
import Testing

/// cabench's bad command lines exit 64 (EX_USAGE, as carender's) with the usage on standard
/// error, and nothing on standard output (which holds only tables and JSON).
@Suite("cabench usage errors")
struct CabenchUsageTests {
    @Test(arguments: [["run"], ["--frames", "0", "all"], ["--bogus"], ["frobnicate"], ["run", "no-such-scene"],
                      ["list", "extra"]])
    func badCommandLinesExit64WithTheUsage(_ arguments: [String]) throws {
        let r = try ToolRun("cabench", arguments)
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.errors)")
        #expect(r.errors.hasPrefix("cabench: ") && r.errors.contains("usage: cabench list"), "\(r.errors)")
        #expect(r.output.isEmpty)
    }

    @Test func aMissingSavedRunIs66AndAnUnreadableOne65() throws {
        let dir = try ToolRun.temporaryFolder("cabench-table")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try ToolRun("cabench", ["table", dir.appendingPathComponent("none.json").path])
        #expect(missing.status == 66, "\(missing.errors)")
        // One line naming the file and what is wrong, not Foundation's `Error Domain=…` dump.
        #expect(missing.errors.hasSuffix("cabench: cannot read \(dir.path)/none.json: no such file\n"), "\(missing.errors)")
        let junk = dir.appendingPathComponent("junk.json")
        try Data("not json".utf8).write(to: junk)
        let unreadable = try ToolRun("cabench", ["table", junk.path])
        #expect(unreadable.status == 65 && unreadable.errors.contains("cannot read"), "\(unreadable.errors)")
        #expect(unreadable.errors.contains("cabench: cannot read \(junk.path): not a saved `cabench --json` run ("), "\(unreadable.errors)")
        let wrongShape = dir.appendingPathComponent("object.json")
        try Data(#"[{"scene": "x"}]"#.utf8).write(to: wrongShape)
        let shape = try ToolRun("cabench", ["table", wrongShape.path])
        #expect(shape.status == 65 && shape.errors.contains("not a saved `cabench --json` run (a row without '"), "\(shape.errors)")
        #expect(!(missing.errors + unreadable.errors + shape.errors).contains("Error Domain"))
    }

    @Test func anUnwritableSaveFolderIs73BeforeAnyTiming() throws {
        let dir = try ToolRun.temporaryFolder("cabench-save")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let r = try ToolRun("cabench", ["run", "fillrate", "--quick", "--save", file.appendingPathComponent("sub").path])
        #expect(r.status == 73, "\(r.errors)")
        #expect(r.errors.contains("cabench: --save \(file.path)/sub: cannot make a writable folder there"), "\(r.errors)")
        #expect(!r.errors.contains("done: ") && r.output.isEmpty, "\(r.errors)")
    }

    /// As carender: no command is a usage error (it used to print the usage and exit 0).
    @Test func noArgumentsIs64WithTheUsageOnStandardError() throws {
        let r = try ToolRun("cabench", [])
        #expect(r.status == 64)
        #expect(r.errors.hasPrefix("cabench: expected a command\n\nusage: cabench list\n"), "\(r.errors)")
        #expect(r.output.isEmpty, "\(r.output)")
    }

    @Test func helpIsZeroOnStandardOutput() throws {
        let r = try ToolRun("cabench", ["--help"])
        #expect(r.status == 0 && r.output.contains("usage: cabench list") && r.output.contains("64 usage"))
    }
}
