import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `CAOffscreenRenderer.render(at:in:)`: the host's frame at a time as drawing calls, against
/// the compositor's frame; and a PDF page rasterized by poppler against the compositor.
@Suite("Vector frames of the offscreen renderer", .serialized)
struct VectorOffscreenFrameTests: VectorPDFWriting {
    @Test func offscreenRendererDrawsTheAnimatedFrameAsVectors() throws {
        let root = makeRoot(60, 40)
        let dot = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        root.addSublayer(dot)
        let renderer = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 60, height: 40)))
        renderer.host.withClock {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 5; a.toValue = 55; a.duration = 1
            dot.add(a, forKey: "move")
            CATransaction.flush()
        }
        let frame = try #require(renderer.frame(at: 0.5))
        let ctx = VectorCompare.bitmap(60, 40)
        renderer.render(at: 0.5, in: ctx)
        // Flipped host: the dot at x 25…35, y 0…10 from the top.
        #expect(VectorCompare.px(ctx, 30, 5) == .red && VectorCompare.px(ctx, 10, 5) == .clear)
        for (x, y) in [(30, 5), (24, 5), (36, 5), (30, 11), (0, 0), (59, 39)] {
            #expect(VectorCompare.px(ctx, x, y) == frame.rgba(x, y), "(\(x), \(y))")
        }
    }
    /// A scene with every vector effect, for the comparison below.
    func effectsScene(flipped: Bool) -> (CALayer, CAOffscreenRenderer) {
        let root = makeRoot(120, 90)
        root.backgroundColor = color(0.95, 0.95, 0.95)
        let card = box(CGRect(x: 10, y: 10, width: 100, height: 70), color(1, 1, 1))
        card.cornerRadius = 14
        card.borderWidth = 3
        card.borderColor = color(0.2, 0.3, 0.8)
        card.masksToBounds = true
        var bytes = [UInt8]()
        for y in 0..<8 { for _ in 0..<16 { bytes += y < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let pic = box(CGRect(x: 10, y: 10, width: 50, height: 40), nil)
        pic.contents = CGImage(width: 16, height: 8, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 64,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                               provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                               intent: .defaultIntent)
        pic.contentsGravity = .top
        let group = box(CGRect(x: 55, y: 20, width: 50, height: 50), nil)
        group.opacity = 0.5
        group.addSublayer(box(CGRect(x: 0, y: 0, width: 30, height: 30), color(0, 0.6, 0)))
        group.addSublayer(box(CGRect(x: 15, y: 15, width: 30, height: 30), color(0.9, 0.6, 0)))
        card.addSublayer(pic); card.addSublayer(group)
        root.addSublayer(card)
        let renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 120, height: 90), flipped: flipped)!
        return (root, renderer)
    }

    @Test(arguments: [true, false])
    func offscreenVectorFrameMatchesTheCompositorFrame(flipped: Bool) throws {
        let (_, renderer) = effectsScene(flipped: flipped)
        let frame = try #require(renderer.frame(at: 0))
        let ctx = VectorCompare.bitmap(120, 90)
        renderer.render(at: 0, in: ctx)
        var over = 0, maximum = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let p = VectorCompare.px(ctx, x, y), q = frame.rgba(x, y)
                let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
                maximum = max(maximum, d)
                if d > 2 { over += 1 }
            }
        }
        // Only antialiased edges (the rounded card, its border, the image's edge) may differ.
        #expect(over <= 120, "flipped \(flipped): \(over) pixels off by > 2/255 (max \(maximum))")
        // The image's first row (red) is at the top on screen in both host flips (.top gravity):
        // rows 20…24 from the top when flipped, 60…56 points up (rows 30…34) when not.
        #expect(VectorCompare.px(ctx, 45, flipped ? 22 : 32) == .red)
        #expect(VectorCompare.px(ctx, 45, flipped ? 26 : 36) == .blue)
    }

    /// The PDF's page rasterized by poppler (when installed) against the compositor's pixels:
    /// the document draws what the screen shows.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm")))
    func pdfRasterizesLikeTheCompositor() throws {
        let (root, _) = effectsScene(flipped: false)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vector-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try pdfData(root, CGSize(width: 120, height: 90)).write(to: dir.appendingPathComponent("page.pdf"))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        p.arguments = ["-r", "72", "-png", "-singlefile", dir.appendingPathComponent("page.pdf").path,
                       dir.appendingPathComponent("page").path]
        try p.run(); p.waitUntilExit()
        let page = try CGImage.decode(from: Data(contentsOf: dir.appendingPathComponent("page.png")))
        #expect(page.width == 120 && page.height == 90)
        // The same tree through the compositor path, then both read as RGBA.
        let screen = VectorCompare.bitmap(120, 90)
        root.renderModelAsImage(in: screen)
        let poppler = VectorCompare.bitmap(120, 90)
        poppler.draw(page, in: CGRect(x: 0, y: 0, width: 120, height: 90))
        if let out = ProcessInfo.processInfo.environment["RENDER_TEST_OUTPUT"] {
            try? screen.makeImage()?.write(pngTo: URL(fileURLWithPath: out).appendingPathComponent("pdf-screen.png"))
            try? poppler.makeImage()?.write(pngTo: URL(fileURLWithPath: out).appendingPathComponent("pdf-poppler.png"))
        }
        var total = 0, over = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let a = VectorCompare.px(screen, x, y), b = VectorCompare.px(poppler, x, y)
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                total += d
                if d > 16 { over += 1 }
            }
        }
        // Mean channel difference ≤ 2/255; at most 4% of pixels off by more than 16/255: poppler's
        // rasterizer covers edge pixels differently from cairo (the border's edges and the card's
        // bottom edge differ by a pixel column or row, about 320 pixels here).
        #expect(Double(total) / Double(120 * 90) <= 2, "mean \(Double(total) / Double(120 * 90))")
        #expect(over <= 120 * 90 / 25, "\(over) pixels off by > 16/255")
    }
}
