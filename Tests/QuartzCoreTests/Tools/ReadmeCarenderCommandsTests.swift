import Foundation
import Testing

/// The README's carender commands (its first `sh` block), run as written but for the debug
/// binary and a temporary `out/`: each exits 0, so the README stays true as options change.
/// Needs ../shared's scenes and Lottie samples; the video lines need a build with FFmpeg.
@Suite("README carender commands", .serialized,
       .enabled(if: FileManager.default.fileExists(atPath: ToolRun.root.appendingPathComponent("../shared/scenes").path),
                "needs ../shared"))
struct ReadmeCarenderCommandsTests {
    /// The `carender` lines of the README's carender block, continuation lines joined, as
    /// argument lists (the README's commands use no quotes).
    static func commands() throws -> [[String]] {
        let readme = try String(contentsOf: ToolRun.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "### carender\n\n```sh\n"))
        let block = readme[start.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        var joined: [String] = [], pending = ""
        for line in block[..<end.lowerBound].split(separator: "\n") {
            let text = pending + line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("\\") { pending = String(text.dropLast()) + " "; continue }
            pending = ""
            joined.append(text)
        }
        return joined.filter { $0.hasPrefix(".build/release/carender ") }.map {
            Array($0.split(separator: " ").dropFirst().map(String.init))
        }
    }

    @Test func everyCommandSucceeds() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 8, "\(commands)")
        let out = try ToolRun.temporaryFolder("readme-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let video = try ToolRun("carender", ["--help"]).output.contains("video: yes")
        for args in commands {
            let mapped = args.map { $0.hasPrefix("out/") ? out.path + "/" + $0.dropFirst(4) : $0 }
            if !video, mapped.contains(where: { [".mp4", ".gif"].contains(where: $0.hasSuffix) }) || mapped.first == "probe" { continue }
            let r = try ToolRun("carender", mapped)
            #expect(r.status == 0, "carender \(args.joined(separator: " ")): \(r.errors)")
        }
    }
}
