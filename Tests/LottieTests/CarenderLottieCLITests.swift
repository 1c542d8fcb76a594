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

    /// `text` (this suite's animation by default) written as `name` in a new folder, removed after `body`.
    func withAnimation(_ text: String = animation, named name: String = "anim.json",
                       _ body: (_ json: String, _ dir: URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("carender-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: json)
        try body(json.path, dir)
    }

    @Test func helpDocumentsLottieRender() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build carender first (swift build)")
        let (status, text) = try carender(["--help"])
        #expect(status == 0)
        #expect(text.contains("carender render ANIMATION.json|.lottie [--progress P | --frame F | --time T | --marker NAME |"))
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
            // An absolute path not found inside the folder is refused as lying outside it, unread.
            #expect(text.contains("carender: anim.json: warning: layers[0]: image '/dev/null' could not be read, so it is "
                                  + "drawn empty: it is outside the animation's folder and was not read (allow its folder "
                                  + "explicitly, e.g. carender --allow-outside-assets DIR)\n"), "\(text)")
        }
    }

    /// 40 full-frame matte/matted shape-layer pairs (each pair costs offscreen passes).
    static func heavyAnimation(pairs: Int) -> String {
        let rect = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
        let layers = (0..<(2 * pairs)).map { i in
            #"{"ty":4,"ind":\#(i + 1),"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":50}},"shapes":[\#(rect)],"#
                + (i % 2 == 0 ? #""td":1}"# : #""tt":1}"#)
        }
        return #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":["# + layers.joined(separator: ",") + "]}"
    }

    @Test("--work-budget refuses a Lottie frame over it with exit 70, as for scenes")
    func workBudget() throws {
        try withAnimation { _, dir in
            let json = dir.appendingPathComponent("heavy.json")
            try Data(Self.heavyAnimation(pairs: 40).utf8).write(to: json)
            let png = dir.appendingPathComponent("h.png").path
            let (status, text) = try carender(["render", json.path, "--work-budget", "1", "-o", png])
            #expect(status == 70, "\(text)")
            #expect(text.contains("carender: frame 0.0 would touch about") && text.contains("over the work budget of 1 million"), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: png))
            let (ok, okText) = try carender(["render", json.path, "-o", png])   // the default budget (2000 million)
            #expect(ok == 0 && FileManager.default.fileExists(atPath: png), "\(okText)")
            let (pdf, pdfText) = try carender(["render", json.path, "--work-budget", "1", "-o", dir.appendingPathComponent("h.pdf").path])
            #expect(pdf == 70 && pdfText.contains("over the work budget of 1 million"), "\(pdfText)")
        }
    }
}
