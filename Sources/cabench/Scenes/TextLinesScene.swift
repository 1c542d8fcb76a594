// CoreText's cost per line (issue 12 C): 1,000 strings that change every frame, each made into a
// CTLine from an attributed string and drawn into a 1920×1080 bitmap, against pango + cairo in C
// drawing the same strings at the same baselines with the same font options (same pixels).
import CoreText
import CPeer

struct TextLinesScene: BenchScene {
    let name = "text-lines"
    let summary = "1,000 changing strings → CTLine + CTLineDraw at 12 px into 1920×1080; ms per frame vs pango/cairo (C)"

    static let count = 1000, columns = 10, size = 12.0
    static let cellWidth = Double(renderWidth) / Double(columns), cellHeight = Double(renderHeight) / 100

    func cases() -> [BenchCase] {
        [BenchCase(label: "1,000 lines of ~20 characters, strings changed every frame", unit: .millisecondsPer("frame"),
                   subjects: [Self.ours(), Self.peer()], frames: 10, warmup: 2)]
    }

    static func ours() -> Subject {
        Subject(name: "CTLineCreateWithAttributedString + CTLineDraw per string", isPeer: false,
                operationsPerIteration: count) {
            let frame = PeerFrame()
            let context = CGContext(data: frame.words, width: renderWidth, height: renderHeight, bitsPerComponent: 8,
                                    bytesPerRow: renderWidth * 4, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little))!
            let attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName("Helvetica", CGFloat(size), nil)]
            func draw(_ n: Int) {
                context.setFillColor(.white)
                context.fill(CGRect(x: 0, y: 0, width: renderWidth, height: renderHeight))
                for i in 0..<count {
                    let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Item \(i) · frame \(n)",
                                                                                   attributes: attributes))
                    context.textPosition = CGPoint(x: Double(i % columns) * cellWidth + 2,
                                                   y: Double(renderHeight) - (Double(i / columns) * cellHeight + 15))
                    CTLineDraw(line, context)
                }
            }
            var n = 0
            return Iteration(prepare: { n += 1 }, body: { draw(n) },
                             check: { frame.buffer.contains(0xFF00_0000) ? nil : "no black ink drawn" },
                             frame: { k in draw(k); return frame.buffer })
        }
    }

    static func peer() -> Subject {
        Subject(name: "pango + cairo (C): one layout, set_text + show_layout per string", isPeer: true,
                operationsPerIteration: count) {
            let frame = PeerFrame()
            func draw(_ n: Int) {
                _ = cpeer_pango_lines(frame.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                      Int32(n), Int32(count), Int32(columns), cellWidth, cellHeight, size)
            }
            var n = 0
            return Iteration(prepare: { n += 1 }, body: { draw(n) }, frame: { k in draw(k); return frame.buffer })
        }
    }
}
