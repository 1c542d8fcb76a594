import Foundation
import Testing

/// `carender info` and the options naming folders, for Lottie files: `info` reads images as
/// `render` does (`--allow-outside-assets`), `--fonts` names a folder that exists, and a file
/// that cannot be read is one clear line naming it.
@Suite("carender info and folders (Lottie)", .serialized)
struct CarenderLottieInfoTests {
    let cli = CarenderLottieCLITests()

    /// `anim/a.json` reading `../secret/secret.png` (LottieAssetSafetyTests' folders).
    func withOutsideImage(_ body: (_ json: String, _ secret: URL) throws -> Void) throws {
        let f = try LottieAssetSafetyTests.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let json = f.anim.appendingPathComponent("a.json")
        try lottieJSON(#"{"ty":2,"ind":1,"refId":"s","ip":0,"op":100,"st":0,"ks":{}}"#,
                       assets: #"[{"id":"s","w":10,"h":10,"u":"../secret/","p":"secret.png"}]"#).write(to: json)
        try body(json.path, f.secret)
    }

    @Test func infoTakesAllowOutsideAssetsAsRenderDoes() throws {
        try withOutsideImage { json, secret in
            let refused = "is outside the animation's folder and was not read"
            let (plain, plainText) = try cli.carender(["info", json])
            #expect(plain == 0 && plainText.contains(refused), "\(plainText)")
            let (allowed, allowedText) = try cli.carender(["info", json, "--allow-outside-assets", secret.path])
            #expect(allowed == 0 && !allowedText.contains(refused) && allowedText.contains("size: 100×100 points"), "\(allowedText)")
            let (first, firstText) = try cli.carender(["info", "--allow-outside-assets", secret.path, json])
            #expect(first == 0 && !firstText.contains(refused), "\(firstText)")
            let (missing, missingText) = try cli.carender(["info", json, "--allow-outside-assets", "/no/such/folder"])
            #expect(missing == 64 && missingText.contains("--allow-outside-assets: '/no/such/folder' is not a folder"), "\(missingText)")
        }
    }

    @Test func fontsMustNameAFolderThatExists() throws {
        try cli.withAnimation { json, dir in
            let png = dir.appendingPathComponent("f.png").path
            let (missing, text) = try cli.carender(["render", json, "--fonts", "/no/such/fonts", "-o", png])
            #expect(missing == 64 && text.contains("carender: --fonts: '/no/such/fonts' is not a folder"), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: png))
            // A folder without fonts is no error: a warning, and the frame is drawn.
            let (empty, emptyText) = try cli.carender(["render", json, "--fonts", dir.path, "-o", png])
            #expect(empty == 0 && emptyText.contains("warning: --fonts: no font files registered from"), "\(emptyText)")
        }
    }

    @Test(arguments: [("trunc.json", Data(#"{"v":"#.utf8), "not valid JSON: unexpected end of data at byte 5"),
                      ("folder.json", nil, "the file is not a regular file"),
                      ("bad.lottie", Data("PK\u{3}\u{4}junk".utf8), "not a zip archive: no end-of-central-directory record"),
                      ("nofr.json", Data(#"{"layers":[]}"#.utf8), "frame rate 'fr' missing or outside (0, 1000]")])
    func anUnreadableFileIsOneLineNamingIt(_ name: String, _ contents: Data?, _ why: String) throws {
        try cli.withAnimation { _, dir in
            let file = dir.appendingPathComponent(name)
            if let contents { try contents.write(to: file) }
            else { try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true) }
            for command in ["render", "info"] {
                let (status, text) = try cli.carender([command, file.path] + (command == "render" ? ["-o", dir.appendingPathComponent("o.png").path] : []))
                #expect(status == 65, "\(command) \(name): \(text)")
                #expect(text == "carender: \(file.path): \(why)\n", "\(command) \(name)")
            }
        }
    }
}
