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
        let junk = dir.appendingPathComponent("junk.json")
        try Data("not json".utf8).write(to: junk)
        let unreadable = try ToolRun("cabench", ["table", junk.path])
        #expect(unreadable.status == 65 && unreadable.errors.contains("cannot read"), "\(unreadable.errors)")
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

    @Test func helpIsZeroOnStandardOutput() throws {
        let r = try ToolRun("cabench", ["--help"])
        #expect(r.status == 0 && r.output.contains("usage: cabench list") && r.output.contains("64 usage"))
    }
}
