import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Helpers for the vector `render(in:)` suites: the same layer tree drawn through the vector
/// path and through the compositor path into equal bitmap contexts, and their difference.
enum VectorCompare {
    static func bitmap(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// RGBA of the context pixel at (x, row from the top).
    static func px(_ ctx: CGContext, _ x: Int, _ y: Int) -> RGBA {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + 4 * x
        return RGBA(Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    /// The layer drawn by both paths into w × h contexts (after `setUp` on each context).
    static func both(_ layer: CALayer, _ w: Int, _ h: Int,
                     setUp: (CGContext) -> Void = { _ in }) -> (vector: CGContext, image: CGContext) {
        CATransaction.flush()
        let v = bitmap(w, h), i = bitmap(w, h)
        setUp(v); setUp(i)
        layer.renderModelAsVectors(in: v)
        layer.renderModelAsImage(in: i)
        if let dir = ProcessInfo.processInfo.environment["RENDER_TEST_OUTPUT"] {
            let name = "vector-\(layer.layerID)"
            try? v.makeImage()?.write(pngTo: URL(fileURLWithPath: dir).appendingPathComponent(name + "-v.png"))
            try? i.makeImage()?.write(pngTo: URL(fileURLWithPath: dir).appendingPathComponent(name + "-i.png"))
        }
        return (v, i)
    }

    /// How the two differ: the largest channel difference, and how many pixels differ by more
    /// than `tolerance` in some channel.
    static func difference(_ a: CGContext, _ b: CGContext, tolerance: Int = 2) -> (maximum: Int, over: Int) {
        var maximum = 0, over = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = px(a, x, y), q = px(b, x, y)
                let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
                maximum = max(maximum, d)
                if d > tolerance { over += 1 }
            }
        }
        return (maximum, over)
    }
}

/// Writing a layer through `render(in:)` onto one PDF page, for the PDF suites.
protocol VectorPDFWriting {}

extension VectorPDFWriting {
    /// The PDF of `layer` rendered on one page of `size` points, as text.
    func pdf(_ layer: CALayer, _ size: CGSize, draw: ((CGContext) -> Void)? = nil) throws -> String {
        // Dictionaries are plain text in cairo's PDFs (content streams are compressed).
        String(decoding: try pdfData(layer, size, draw: draw), as: UTF8.self)
    }

    /// The PDF bytes (`draw` replaces `render(in:)` when given).
    func pdfData(_ layer: CALayer, _ size: CGSize, draw: ((CGContext) -> Void)? = nil) throws -> Data {
        CATransaction.flush()
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        var box = CGRect(origin: .zero, size: size)
        let ctx = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        if let draw { draw(ctx) } else { layer.render(in: ctx) }
        ctx.endPDFPage()
        ctx.closePDF()
        return data as Data
    }

    /// Image XObjects in the document.
    func imageCount(_ text: String) -> Int { text.components(separatedBy: "/Subtype /Image").count - 1 }
}
