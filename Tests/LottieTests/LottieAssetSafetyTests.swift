import Foundation
import CoreGraphics
import Testing
@testable import Lottie

/// Animations from strangers (docs/SECURITY.md): image files only from the animation's folder
/// (or one the user allowed), by the rule CAML scenes follow (`AssetFolders`).
@Suite struct LottieAssetSafetyTests {
    /// `root/anim/` (with `in.png` and a link `link.png` → `../secret/secret.png`) and
    /// `root/secret/secret.png`; both 10 × 10 px red.
    static func folders() throws -> (root: URL, anim: URL, secret: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-safety-\(UUID().uuidString)")
        let anim = root.appendingPathComponent("anim"), secret = root.appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: anim, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        let ctx = try #require(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let png = try #require(ctx.makeImage()).pngData()
        try png.write(to: anim.appendingPathComponent("in.png"))
        try png.write(to: secret.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: anim.appendingPathComponent("link.png").path,
                                                   withDestinationPath: "../secret/secret.png")
        return (root, anim, secret)
    }

    /// `anim/a.json`: one 10 × 10 image layer at x = 10·i per asset (`u`, `p`), read from disk.
    static func load(_ assets: [(u: String, p: String)], in anim: URL, allowing: [URL] = []) throws -> LottieLayer {
        let list = assets.enumerated().map { i, a in #"{"id":"i\#(i)","w":10,"h":10,"u":"\#(a.u)","p":"\#(a.p)"}"# }
        let layers = assets.indices.map { i in
            #"{"ty":2,"ind":\#(i + 1),"refId":"i\#(i)","ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":[\#(10 * i),0]}}}"#
        }
        let url = anim.appendingPathComponent("a.json")
        try lottieJSON(layers.joined(separator: ","), assets: "[\(list.joined(separator: ","))]").write(to: url)
        return LottieLayer(animation: try LottieAnimation(contentsOf: url, allowedAssetFolders: allowing))
    }

    @Test("an image asset outside the animation's folder is skipped with a warning naming it; the rest draws")
    func outsideImagesAreRefused() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let lottie = try Self.load([("", "in.png"), ("../secret/", "secret.png"), ("", "link.png"),
                                    ("", f.secret.appendingPathComponent("secret.png").path)], in: f.anim)
        let r = Rendered(lottie, frame: 0)
        #expect(r.isRed(5, 5))
        #expect(r.isClear(15, 5) && r.isClear(25, 5) && r.isClear(35, 5))
        let refusals = lottie.warnings.filter { $0.message.contains("is outside the animation's folder and was not read") }
        // The absolute path is looked for inside the folder first (as Lottie players do); missing
        // there, it is refused as lying outside (the real reason), not called missing.
        #expect(refusals.count == 3)
        #expect(refusals.contains { $0.message.contains("'../secret/secret.png'") })
        #expect(refusals.contains { $0.message.contains("'link.png'") })
        #expect(refusals.contains { $0.message.contains("'\(f.secret.appendingPathComponent("secret.png").path)'") })
        #expect(!lottie.warnings.contains { $0.message.contains("no readable file") })
        // One level of brackets: the reason follows a colon, not a parenthesis.
        let message = try #require(refusals.first { $0.message.contains("'../secret/secret.png'") }).description
        #expect(message == "layers[1]: image '../secret/secret.png' could not be read, so it is drawn empty: it is outside "
                + "the animation's folder and was not read (allow its folder explicitly, e.g. carender "
                + "--allow-outside-assets DIR)")
    }

    @Test("an absolute path that exists nowhere is missing, and one inside the folder is read")
    func absolutePaths() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let lottie = try Self.load([("", f.anim.appendingPathComponent("in.png").path), ("", f.root.path + "/none.png")], in: f.anim)
        let r = Rendered(lottie, frame: 0)
        #expect(r.isRed(5, 5))
        #expect(r.isClear(15, 5))
        #expect(lottie.warnings.map(\.description) == ["layers[1]: image '\(f.root.path)/none.png' could not be read, so it is "
                                                       + "drawn empty: no readable file of that name beside the animation or in images/"])
    }

    @Test("a folder allowed explicitly is read from")
    func allowedFolder() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let lottie = try Self.load([("../secret/", "secret.png"), ("", "link.png")], in: f.anim, allowing: [f.secret])
        let r = Rendered(lottie, frame: 0)
        #expect(r.isRed(5, 5) && r.isRed(15, 5))
        #expect(!lottie.warnings.contains { $0.message.contains("outside") })
    }

    @Test("a .json over the document limit is refused before reading, through a link too")
    func documentLimit() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let big = f.anim.appendingPathComponent("big.json"), link = f.anim.appendingPathComponent("small.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let h = try FileHandle(forWritingTo: big)
        try h.truncate(atOffset: UInt64(LottieAnimation.maximumDocumentByteCount + 1))   // sparse: no disk used
        try h.close()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "big.json")
        for url in [big, link] {
            #expect {
                _ = try LottieAnimation(contentsOf: url)
            } throws: { error in
                "\(error)".contains("is \(LottieAnimation.maximumDocumentByteCount + 1) bytes; at most \(LottieAnimation.maximumDocumentByteCount) are read (256 MiB)")
            }
        }
    }
}
