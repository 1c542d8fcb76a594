import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("CAMLWriter outputs")
struct CAMLWriterOutputTests {
    /// A 100×50 root with one image layer, the image shared by a second layer.
    func tree() -> (CALayer, CGImage) {
        let image = writerImage(4, 4) { x, y in (UInt8(60 * x), 10, UInt8(60 * y), 255) }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        for i in 0..<2 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            l.position = CGPoint(x: 20 + 40 * i, y: 25)
            l.contents = image
            root.addSublayer(l)
        }
        return (root, image)
    }

    @Test(".ca bundle: index.xml, main.caml and one PNG per distinct image")
    func bundle() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (root, image) = tree()
        let out = folder.appendingPathComponent("Tree.ca")
        try CAMLWriter().write(root, to: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["assets", "index.xml", "main.caml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("assets").path) == ["image-1.png"])
        let main = try String(contentsOf: out.appendingPathComponent("main.caml"), encoding: .utf8)
        #expect(main.components(separatedBy: "<CGImage src=\"assets/image-1.png\"/>").count == 3)
        let back = try CAMLScene.load(contentsOf: out)
        #expect(back.warnings.isEmpty)
        #expect(back.isFlipped == false)
        #expect(layerDifferences(root, back.rootLayer, rootPosition: false) == [])
        let read = try #require(back.rootLayer.sublayers?[1].contents as? CGImage)
        #expect(samePixels(read, image))
        // Both layers share the one decoded image, as they shared it before.
        #expect(back.rootLayer.sublayers?[0].contents as? CGImage === read)
    }

    @Test("imageStorage .dataURI puts the images inside main.caml")
    func dataURIBundle() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("Inline.ca")
        try CAMLWriter(imageStorage: .dataURI).write(tree().0, to: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["index.xml", "main.caml"])
        let back = try CAMLScene.load(contentsOf: out)
        #expect(back.rootLayer.sublayers?.first?.contents is CGImage)
    }

    @Test("a flipped scene's bundle says geometryFlipped in index.xml; a .caml warns it cannot")
    func flipped() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Flip.ca")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Data(CAMLFileOutput.indexXML(flipped: true).utf8).write(to: source.appendingPathComponent("index.xml"))
        try Data(caml("<CALayer bounds=\"0 0 10 20\"/>").utf8).write(to: source.appendingPathComponent("main.caml"))
        let s = try CAMLScene.load(contentsOf: source)
        #expect(s.isFlipped)
        let out = folder.appendingPathComponent("Copy.ca")
        try CAMLWriter().write(s, to: out)
        #expect(try CAMLScene.load(contentsOf: out).isFlipped)
        let writer = CAMLWriter()
        try writer.write(s, to: folder.appendingPathComponent("copy.caml"))
        #expect(writer.warnings.count == 1)
        #expect(writer.warnings.first?.message.contains("flipped") == true)
    }

    @Test("writing replaces an earlier bundle, but nothing that is not a scene folder")
    func replacing() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("Again.ca")
        let (root, _) = tree()
        try CAMLWriter().write(root, to: out)
        root.sublayers?.first?.removeFromSuperlayer()
        root.sublayers?.first?.contents = nil
        try CAMLWriter().write(root, to: out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["index.xml", "main.caml"])
        #expect(try CAMLScene.load(contentsOf: out).rootLayer.sublayers?.count == 1)
        // No temporary or old folders are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Again.ca"])

        let other = folder.appendingPathComponent("Photos.ca")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: other.appendingPathComponent("holiday.jpg"))
        #expect(throws: CAMLWriteError.self) { try CAMLWriter().write(root, to: other) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["holiday.jpg"])
    }

    @Test("an unknown extension is an unsupportedOutput error; a .caml file is written whole")
    func extensions() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try CAMLWriter().write(CALayer(), to: folder.appendingPathComponent("x.png"))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unsupportedOutput)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let file = folder.appendingPathComponent("tree.caml")
        let (root, _) = tree()
        try CAMLWriter().write(root, to: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == (try CAMLWriter().string(for: root)))
        #expect(text.contains("data:image/png;base64,"))
    }

    @Test("an image too large for a data: URI is an imageTooLarge error, not a file the reader refuses")
    func tooLarge() throws {
        // Noise does not compress: 1600×1400 RGB is about 6.7 MB of PNG, 9 MB as base64.
        let w = 1600, h = 1400
        var seed: UInt64 = 1
        let bytes = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            for i in 0..<(w * h) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                buffer[4 * i] = UInt8(truncatingIfNeeded: seed >> 56)
                buffer[4 * i + 1] = UInt8(truncatingIfNeeded: seed >> 48)
                buffer[4 * i + 2] = UInt8(truncatingIfNeeded: seed >> 40)
                buffer[4 * i + 3] = 255
            }
            count = w * h * 4
        }
        let noise = try #require(CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
                                         provider: CGDataProvider(data: Data(bytes)), decode: nil,
                                         shouldInterpolate: true, intent: .defaultIntent))
        let l = CALayer()
        l.contents = noise
        do {
            _ = try CAMLWriter().string(for: l)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .imageTooLarge)
        }
    }
}
