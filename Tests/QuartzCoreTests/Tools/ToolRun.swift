import Foundation

/// One run of a package executable (`carender`, `cabench`: built by `swift build` beside the test
/// bundle) in the repository root, without a display or a GPU: its exit status and what it
/// printed on standard output and standard error.
struct ToolRun {
    static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../").standardized

    let status: Int32
    let output: String
    let errors: String

    init(_ tool: String, _ arguments: [String], env: [String: String] = [:]) throws {
        let p = Process()
        p.executableURL = Self.binaries.appendingPathComponent(tool)
        p.arguments = arguments
        p.currentDirectoryURL = Self.root
        var environment = ProcessInfo.processInfo.environment.merging(["QUARTZCORE_GL": "0"]) { $1 }
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        p.environment = environment.merging(env) { $1 }
        // Files, not pipes: neither stream can fill up and stall the other.
        let dir = try Self.temporaryFolder("toolrun")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        for f in [out, err] { FileManager.default.createFile(atPath: f.path, contents: nil) }
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        p.waitUntilExit()
        status = p.terminationStatus
        output = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        errors = String(decoding: try Data(contentsOf: err), as: UTF8.self)
    }

    /// A new empty folder under the temporary directory (the caller removes it).
    static func temporaryFolder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The names in `folder`, hidden ones (staging folders) included.
    static func contents(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
