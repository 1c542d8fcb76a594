import Foundation
import Testing

/// `carender render ANIMATION` as a user meets it (the binary next to the test bundle, built by
/// `swift build`): documented in --help, --backend accepted, bad ranges refused with exit 64,
/// warnings prefixed like CAML's.
@Suite("carender render (Lottie)", .serialized)
struct CarenderLottieCLITests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("carender")
    /// A 20×20 animation over frames 0…10 with one image layer whose file cannot be decoded.
    static let animation = #"""
    {"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"assets":[{"id":"img","w":10,"h":10,"u":"","p":"/dev/null"}],
     "layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":10,"st":0,"ks":{}}]}
    """#

    /// Runs carender; (exit status, standard output + standard error).
    func carender(_ arguments: [String]) throws -> (Int32, String) {
        let p = Process(), out = Pipe()
        p.executableURL = Self.binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(["QUARTZCORE_GL": "0"]) { $1 }
        p.standardError = out
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func withAnimation(_ body: (_ json: String, _ dir: URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("carender-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("anim.json")
        try Data(Self.animation.utf8).write(to: json)
        try body(json.path, dir)
    }

    @Test func helpDocumentsLottieRender() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build carender first (swift build)")
        let (status, text) = try carender(["--help"])
        #expect(status == 0)
        #expect(text.contains("carender render ANIMATION.json|.lottie [--progress P | --frame F | --duration D --fps N]"))
        #expect(text.contains("-o out.png|out.pdf|frames/|out.mp4|out.gif"))
    }

    @Test func backendIsAcceptedAndSaysWhichDraws() throws {
        try withAnimation { json, dir in
            let png = dir.appendingPathComponent("a.png").path
            let (status, text) = try carender(["render", json, "--backend", "cpu", "--progress", "0.5", "-o", png])
            #expect(status == 0, "\(text)")
            #expect(text.contains("carender: drawing on the CPU (--backend cpu)"))
            #expect(FileManager.default.fileExists(atPath: png))
            let (gpu, gpuText) = try carender(["render", json, "--backend", "gpu", "-o", dir.appendingPathComponent("b.png").path])
            #expect(gpu == 69 && gpuText.contains("--backend gpu: the GPU backend is turned off"), "\(gpuText)")
            let (bad, badText) = try carender(["render", json, "--backend", "tpu", "-o", png])
            #expect(bad == 64 && badText.contains("--backend is gpu, cpu or auto"))
        }
    }

    @Test(arguments: [(["--progress", "5"], "--progress 5.0 is outside 0…1"),
                      (["--progress", "-1"], "--progress -1.0 is outside 0…1"),
                      (["--frame", "1e9"], "--frame 1000000000.0 is outside the animation's frames 0.0…10.0"),
                      (["--duration", "2"], "--duration 2.0 runs past the animation's end: its frames 0.0…10.0 last 0.33 s")])
    func outOfRangeTimesAreRefused(_ options: [String], _ message: String) throws {
        try withAnimation { json, dir in
            let png = dir.appendingPathComponent("x.png").path
            let (status, text) = try carender(["render", json] + options + ["-o", png])
            #expect(status == 64 && text.contains(message), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: png))
        }
    }

    @Test func warningsNameCarenderAndTheFile() throws {
        try withAnimation { json, dir in
            let (status, text) = try carender(["render", json, "--frame", "10", "-o", dir.appendingPathComponent("w.png").path])
            #expect(status == 0, "\(text)")
            #expect(text.contains("carender: anim.json: warning: layers[0]: image '/dev/null' could not be read "
                                  + "(no readable file of that name beside the animation or in images/); drawn empty"), "\(text)")
        }
    }
}
