import Testing
import CoreText
import Foundation

@Suite("CTLine in other contexts")
struct CTLineContextTests {
    let line = CTLineCreateWithAttributedString(attributed("HI", font: CTFontCreateWithName("Helvetica", 30, nil),
                                                           color: CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)))

    /// An RGBA bitmap (not cairo's layout) gets the glyphs copied back into the caller's buffer.
    @Test func rgbaBitmapReceivesTheGlyphs() throws {
        let context = try #require(CGContext(data: nil, width: 80, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 4, y: 8)
        CTLineDraw(line, context)
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        var opaque = 0
        for y in 0..<40 {
            for x in 0..<80 {
                let p = bytes + y * context.bytesPerRow + 4 * x
                if p[3] == 255 { opaque += 1; #expect(p[0] == 0 && abs(Int(p[1]) - 128) <= 1 && p[2] == 255) }
            }
        }
        #expect(opaque > 100)
    }

    /// Global alpha and the text matrix apply: half alpha halves the ink's alpha; a 2× text
    /// matrix doubles the ink height about the text position.
    @Test func alphaAndTextMatrix() throws {
        let plain = TextCanvas(120, 80)
        plain.context.textPosition = CGPoint(x: 4, y: 8)
        CTLineDraw(line, plain.context)
        let box = try #require(plain.inkBox(threshold: 127))
        let faded = TextCanvas(120, 80)
        faded.context.setAlpha(0.5)
        faded.context.textPosition = CGPoint(x: 4, y: 8)
        CTLineDraw(line, faded.context)
        #expect(abs(faded.pixel(box.minX + 1, 15).a - 128) <= 1)
        let scaled = TextCanvas(120, 80)
        scaled.context.textPosition = CGPoint(x: 4, y: 8)
        scaled.context.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
        CTLineDraw(line, scaled.context)
        let big = try #require(scaled.inkBox(threshold: 127))
        #expect(big.minY == 8 && box.minY == 8)
        #expect(abs((big.maxY - 8 + 1) - 2 * (box.maxY - 8 + 1)) <= 1)
    }

    /// Into a PDF, glyphs go as an embedded font (vector text), not pixels.
    @Test func pdfEmbedsTheFont() throws {
        let data = NSMutableData()
        var media = CGRect(x: 0, y: 0, width: 100, height: 50)
        let context = try #require(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &media, nil))
        context.beginPDFPage(nil)
        context.textPosition = CGPoint(x: 10, y: 10)
        CTLineDraw(line, context)
        context.endPDFPage()
        context.closePDF()
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.contains("/FontFile"))
        #expect(text.contains("LiberationSans"))
    }

    /// Lines made and drawn on many threads at once (one pango engine behind a lock).
    @Test func concurrentUseIsSafe() {
        let box = WidthBox()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let canvas = TextCanvas(100, 30)
            let l = CTLineCreateWithAttributedString(attributed("Line \(i % 2)", font: CTFontCreateWithName("Helvetica", 14, nil)))
            canvas.context.textPosition = CGPoint(x: 2, y: 8)
            CTLineDraw(l, canvas.context)
            box.set(i, canvas.totalInk > 0 ? CTLineGetTypographicBounds(l, nil, nil, nil) : 0)
        }
        let widths = box.values
        #expect(widths.allSatisfy { $0 > 20 })
        #expect(Set(widths.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)).count == 1)
    }
}

private final class WidthBox: @unchecked Sendable {
    private let lock = NSLock()
    private var widths = [Double](repeating: 0, count: 16)
    func set(_ i: Int, _ w: Double) { lock.withLock { widths[i] = w } }
    var values: [Double] { lock.withLock { widths } }
}

@Suite("README example")
struct ReadmeExampleTests {
    /// The README's CoreText snippet, as written there: blue ink above the baseline at y = 40,
    /// the Chinese drawn too (wider than the Latin part alone).
    @Test func readmeSnippetDraws() throws {
        let ctx = TextCanvas(240, 80).context
        let font = CTFontCreateWithName("Helvetica", 24, nil)            // Liberation Sans, same metrics
        let text = NSAttributedString(string: "Hello, 世界", attributes: [.font: font,
                                      kCTForegroundColorAttributeName: CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        ctx.textPosition = CGPoint(x: 10, y: 40)                         // baseline origin, y up
        CTLineDraw(CTLineCreateWithAttributedString(text), ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        var blueColumns = Set<Int>(), lowest = 80
        for row in 0..<80 {
            for x in 0..<240 {
                let p = bytes + row * ctx.bytesPerRow + 4 * x   // BGRA, row 0 at the top
                if p[3] == 255 && p[0] == 255 && p[2] == 0 { blueColumns.insert(x); lowest = min(lowest, 79 - row) }
            }
        }
        let latin = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            NSAttributedString(string: "Hello, ", attributes: [.font: font])), nil, nil, nil)
        #expect(lowest >= 37 && lowest <= 40)  // the comma dips a little below the baseline
        #expect(Double(blueColumns.max() ?? 0) > 10 + latin + 30)
    }
}

@Suite("Stroke attributes")
struct StrokeAttributeTests {
    /// An "I" at 80 points stroked only (positive width) is empty in the middle of its stem where
    /// the filled one is solid; a negative width draws the fill and a red outline around it.
    @Test func strokeOnlyFillAndStrokeAndColour() throws {
        let font = CTFontCreateWithName("Helvetica", 80, nil)
        func draw(_ extra: [NSAttributedString.Key: Any]) -> TextCanvas {
            let canvas = TextCanvas(60, 90)
            canvas.context.textPosition = CGPoint(x: 10, y: 10)
            CTLineDraw(CTLineCreateWithAttributedString(attributed("I", font: font, extra: extra)), canvas.context)
            return canvas
        }
        let filled = draw([:])
        let box = try #require(filled.inkBox(threshold: 127))
        let midX = (box.minX + box.maxX) / 2, midY = (box.minY + box.maxY) / 2
        #expect(filled.pixel(midX, midY) == (0, 0, 0, 255))
        let outlined = draw([kCTStrokeWidthAttributeName: 3.0])  // 2.4-point outline, no fill
        #expect(outlined.pixel(midX, midY).a == 0)
        #expect(outlined.pixel(box.minX, midY).a > 127)
        let both = draw([.strokeWidth: NSNumber(value: -6.0), kCTStrokeColorAttributeName: CGColor(red: 1, green: 0, blue: 0, alpha: 1)])
        #expect(both.pixel(midX, midY) == (0, 0, 0, 255))
        let edge = both.pixel(box.minX - 1, midY)
        #expect(edge.r > 200 && edge.g == 0 && edge.a > 200)  // the red outline straddles the edge
        let outer = try #require(both.inkBox(threshold: 127))
        #expect(outer.minX < box.minX - 1 && outer.maxX > box.maxX + 1)
    }
}
