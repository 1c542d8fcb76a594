import Foundation
import Testing

/// A run killed while moving its frames into an existing folder leaves it half old, half new;
/// the next run to that folder puts it back as it was (old frames restored, frames new to the
/// folder removed) before writing its own.
@Suite("carender interrupted move recovery")
struct CarenderMoveRecoveryTests {
    func render(_ frames: [String], to out: URL) throws -> ToolRun {
        try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "0.4", "--fps", "10"] + frames
                    + ["--scale", "0.5", "--quiet", "-o", out.path])
    }

    @Test func theNextRunPutsTheFolderBack() throws {
        let dir = try ToolRun.temporaryFolder("carender-move")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        // The folder holds frames 0…1 and a user's file.
        #expect(try render(["--frames", "0:2"], to: out).status == 0)
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let before = try (0..<2).map { try Data(contentsOf: out.appendingPathComponent(String(format: "frame-%05d.png", $0))) }
        // Frames 0…3 of another render, killed half-way through moving them in.
        let killed = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "0.4", "--fps", "10",
                                              "--scale", "0.25", "--quiet", "-o", out.path],
                                 env: ["CARENDER_FAULT": "kill-mid-move"])
        #expect(killed.status != 0)
        // The next run writes frame 3 only; the folder is first put back as it was.
        let next = try ToolRun("carender", ["render", "Examples/scenes/hello.caml", "--duration", "0.4", "--fps", "10",
                                            "--frames", "3:4", "--scale", "0.5", "-o", out.path])
        #expect(next.status == 0, "\(next.errors)")
        #expect(next.errors.contains("back as it was before a run that was killed"), "\(next.errors)")
        let names = ToolRun.contents(out).filter { !$0.hasPrefix(".") }
        #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00003.png", "notes.txt"], "\(names)")
        for i in 0..<2 {
            #expect(try Data(contentsOf: out.appendingPathComponent(String(format: "frame-%05d.png", i))) == before[i], "frame \(i)")
        }
    }
}
