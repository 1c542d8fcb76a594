import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Scenes from strangers (docs/SECURITY.md): images only from the scene's folder, one image per
/// resolved file, header sizes checked against the budget before decoding, quadratic XML refused
/// first, names escaped, and conversions that keep the user's other files.
@Suite struct CAMLAssetSafetyTests {
    /// A folder holding `scene/` (with `in.png` and a link `link.png` → `../outside/secret.png`)
    /// and `outside/secret.png`; both images 3 × 2 px.
    static func folders() throws -> (root: URL, scene: URL, outside: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("caml-safety-\(UUID().uuidString)")
        let scene = root.appendingPathComponent("scene"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: scene, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let png = try redImage(width: 3, height: 2).pngData()
        try png.write(to: scene.appendingPathComponent("in.png"))
        try png.write(to: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("link.png").path,
                                                   withDestinationPath: "../outside/secret.png")
        return (root, scene, outside)
    }

    static func redImage(width: Int, height: Int) throws -> CGImage {
        let ctx = try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return try #require(ctx.makeImage())
    }

    /// The scene `<CALayer>` with one image layer per `src`, written as `scene/s.caml` and read.
    static func load(_ srcs: [String], in f: (root: URL, scene: URL, outside: URL),
                     allowing: [URL] = []) throws -> CAMLScene {
        let layers = srcs.map { "<CALayer bounds=\"0 0 3 2\"><contents><CGImage src=\"\($0)\"/></contents></CALayer>" }
        let url = f.scene.appendingPathComponent("s.caml")
        try Data(caml("<CALayer bounds=\"0 0 10 10\"><sublayers>\(layers.joined())</sublayers></CALayer>").utf8).write(to: url)
        return try CAMLScene.load(contentsOf: url, options: CAMLReadOptions(allowedAssetFolders: allowing))
    }

    static func images(_ s: CAMLScene) -> [CGImage?] {
        (s.rootLayer.sublayers ?? []).map { $0.contents as? CGImage }
    }

    @Test("a document over the limit is refused by the size of the file opened, not of a link to it")
    func documentLimitThroughALink() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let big = f.scene.appendingPathComponent("big.caml"), link = f.scene.appendingPathComponent("small.caml")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let h = try FileHandle(forWritingTo: big)
        try h.truncate(atOffset: UInt64(CAMLDocumentParser.maximumByteCount + 1))   // sparse: no disk used
        try h.close()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "big.caml")
        #expect {
            _ = try CAMLScene.load(contentsOf: link)
        } throws: { error in
            let e = error as? CAMLError
            return e?.kind == .limitExceeded
                && (e?.description.contains("is \(CAMLDocumentParser.maximumByteCount + 1) bytes") ?? false)
        }
    }

    @Test func imagesOutsideTheScenesFolderAreRefused() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let s = try Self.load(["in.png", "../outside/secret.png", "link.png", f.outside.appendingPathComponent("secret.png").path,
                               "file://" + f.outside.appendingPathComponent("secret.png").path], in: f)
        let images = Self.images(s)
        #expect(images.map { $0?.width } == [3, nil, nil, nil, nil])
        let refusals = s.warnings.filter { $0.message.contains("is outside the scene's folder and was not read") }
        #expect(refusals.count == 4, "\(s.warnings)")
    }

    @Test func anAllowedFolderLetsItsImagesIn() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let s = try Self.load(["../outside/secret.png", "link.png"], in: f, allowing: [f.outside])
        #expect(Self.images(s).map { $0?.width } == [3, 3])
        // One file, one image: the link and the path resolve to the same file.
        #expect(Self.images(s)[0] === Self.images(s)[1])
        #expect(s.warnings.isEmpty, "\(s.warnings)")
    }

    @Test func spellingsOfOneFileShareOneImage() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let s = try Self.load(["in.png", "./in.png", ".//in.png", "/in.png"], in: f)
        let images = Self.images(s).compactMap { $0 }
        #expect(images.count == 4)
        #expect(images.allSatisfy { $0 === images[0] })
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        #expect(mkfifo(f.scene.appendingPathComponent("pipe.png").path, 0o600) == 0)
        let s = try Self.load(["pipe.png"], in: f)   // returns: the FIFO is never opened for a blocking read
        #expect(Self.images(s) == [nil])
        #expect(s.warnings.contains { $0.message.contains("is not a regular file") }, "\(s.warnings)")
    }

    @Test func aHeaderOverTheBudgetIsRefusedBeforeDecoding() throws {
        // A real 3 × 2 PNG whose header is rewritten to declare 30000 × 30000: refused by its
        // header (a decode would need 3.6 GB), so quickly and with the budget named.
        var png = try Self.redImage(width: 3, height: 2).pngData()
        for (offset, v) in [(16, UInt32(30000)), (20, UInt32(30000))] {
            withUnsafeBytes(of: v.bigEndian) { png.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        withUnsafeBytes(of: crc32(png.subdata(in: 12..<29)).bigEndian) { png.replaceSubrange(29..<33, with: $0) }
        #expect { try CGImage.decode(from: png, maximumPixelCount: 1 << 20) } throws: {
            guard case let .overPixelBudget(.png, w, h, limit)? = $0 as? CGImageDecodingError else { return false }
            return w == 30000 && h == 30000 && limit == 1 << 20
        }
        var warnings: [String] = []
        let loader = CAMLImageLoader(budget: 8 << 20)
        #expect(loader.image("data:image/png;base64," + png.base64EncodedString(), base: URL(fileURLWithPath: "/"),
                             warn: { warnings.append($0) }) == nil)
        #expect(warnings.count == 1 && warnings[0].contains("30000×30000 pixels") && warnings[0].contains("at most 8 MiB"),
                "\(warnings)")
    }

    @Test func aFileThatIsNotAnImageIsNeverQuoted() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        try Data("root:$6$secret:19000::\n".utf8).write(to: f.scene.appendingPathComponent("shadow"))
        let s = try Self.load(["shadow"], in: f)
        let text = s.warnings.map(\.message).joined(separator: "\n")
        #expect(text.contains("unknown format"))
        #expect(!text.contains("root") && !text.contains("72 6F 6F 74") && !text.contains("secret"), "\(text)")
    }

    @Test func anElementWithTooManyAttributesIsRefusedBeforeParsing() {
        let attrs = (0..<640_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        #expect { try scene("<caml><CALayer \(attrs)/></caml>") } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .limitExceeded && (e?.description.contains("more than 1000 attributes") ?? false)
        }
        // At the limit it reads (unknown attributes are warnings).
        let ok = (0..<999).map { "a\($0)=\"1\"" }.joined(separator: " ")
        #expect(throws: Never.self) { try scene("<caml><CALayer bounds=\"0 0 1 1\" \(ok)/></caml>") }
    }

    @Test func namesInTheReportAreEscaped() throws {
        // XML 1.0 has no ESC, but a line feed (as a reference) and bidi overrides are legal.
        let s = try scene(caml("<CALayer name=\"a&#10;fake line\u{202E}c\" bounds=\"0 0 1 1\"/>"))
        let report = s.describe()
        #expect(report.contains("a\\u{a}fake line\\u{202e}c"), "\(report)")
        #expect(!report.unicodeScalars.contains { $0 == "\u{202E}" })
        #expect(!report.split(separator: "\n").contains { $0.hasPrefix("fake line") })
        // Folder names can hold anything: an ESC in a plane's name is escaped too.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("caml-names-\(UUID().uuidString).wallpaper")
        defer { try? FileManager.default.removeItem(at: root) }
        let plane = root.appendingPathComponent("\u{1B}[31mRed.ca")
        try FileManager.default.createDirectory(at: plane, withIntermediateDirectories: true)
        try Data(caml("<CALayer bounds=\"0 0 1 1\"/>").utf8).write(to: plane.appendingPathComponent("main.caml"))
        let wallpaper = try CAMLScene.load(contentsOf: root).describe()
        #expect(wallpaper.contains("\\u{1b}[31mRed.ca/main.caml"), "\(wallpaper)")
        #expect(!wallpaper.unicodeScalars.contains("\u{1B}"))
    }

    @Test func replacingABundleKeepsTheUsersOtherFiles() throws {
        let f = try Self.folders()
        defer { try? FileManager.default.removeItem(at: f.root) }
        let out = f.root.appendingPathComponent("mine.ca")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("assets"), withIntermediateDirectories: true)
        for name in ["index.xml", "main.caml", "Wallpaper.plist", "thesis.tex", "assets/photo.jpg", "assets/image-7.png"] {
            try Data(name.utf8).write(to: out.appendingPathComponent(name))
        }
        let s = try Self.load(["in.png"], in: f)
        try CAMLWriter().write(s, to: out)
        let read = { (name: String) in try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8) }
        #expect(read("Wallpaper.plist") == "Wallpaper.plist")
        #expect(read("thesis.tex") == "thesis.tex")
        #expect(read("assets/photo.jpg") == "assets/photo.jpg")
        // The scene's own files are the new ones; a stale image of the old scene is gone.
        #expect(read("main.caml")?.contains("assets/image-1.png") == true)
        #expect(read("assets/image-7.png") == nil)
        #expect(try CAMLScene.load(contentsOf: out).rootLayer.sublayers?.first?.contents is CGImage)
    }

    /// PNG's CRC-32 (zlib's polynomial).
    func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
