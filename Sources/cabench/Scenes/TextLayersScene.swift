// Issue 12's text-layer benchmark: 1,000 CATextLayers whose strings change every frame (commit,
// CoreText layout, glyphs drawn by the CPU backend into a 1920×1080 offscreen frame) against
// pango + cairo in C drawing the same strings at the same baselines (the `text-lines` peer).
import QuartzCore
import CoreText
import CPeer

struct TextLayersScene: BenchScene {
    let name = "text-layers"
    let summary = "1,000 CATextLayers whose strings change every frame, 12 px, 1920×1080 offscreen; ms per frame vs pango/cairo (C)"

    func cases() -> [BenchCase] {
        [BenchCase(label: "1,000 text layers of ~20 characters, strings changed every frame", unit: .millisecondsPer("frame"),
                   subjects: [Self.ours(), TextLinesScene.peer()], frames: 10, warmup: 2)]
    }

    static func ours() -> Subject {
        Subject(name: "CATextLayer.string set + commit + CAOffscreenRenderer.frame", isPeer: false,
                operationsPerIteration: TextLinesScene.count) {
            let grid = TextLayerGrid()
            var n = 0
            // Timed: setting the 1,000 strings, the commit, layout and drawing (as the peer's
            // set_text + show_layout).
            return Iteration(body: { n += 1; grid.setStrings(frame: n); grid.render() },
                             check: { grid.pixels().contains(0xFF00_0000) ? nil : "no black ink drawn" },
                             frame: { k in grid.setStrings(frame: k); grid.render(); return grid.pixels() })
        }
    }
}

/// The layers: string i in column i % 10, row i / 10 of the `text-lines` cells, its layer placed
/// so that its first baseline (one ascent below the top) is where the peer puts it.
final class TextLayerGrid {
    let root = CALayer()
    var layers: [CATextLayer] = []
    let renderer: CAOffscreenRenderer
    private var time = 0.0
    private var last: PixelBuffer?

    init() {
        typealias T = TextLinesScene
        root.bounds = CGRect(x: 0, y: 0, width: renderWidth, height: renderHeight)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let ascent = CTFontGetAscent(CTFontCreateWithName("Helvetica", CGFloat(T.size), nil))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<T.count {
            let l = CATextLayer()
            l.anchorPoint = .zero
            l.frame = CGRect(x: Double(i % T.columns) * T.cellWidth + 2, y: Double(i / T.columns) * T.cellHeight + 15 - ascent,
                             width: T.cellWidth - 2, height: 16)
            l.fontSize = CGFloat(T.size)
            l.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(l)
            layers.append(l)
        }
        CATransaction.commit()
        renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: renderWidth, height: renderHeight))!
        renderer.renderThreadCount = 1
        BenchBackend.install(on: renderer)
    }

    /// Frame `n`'s strings, committed.
    func setStrings(frame n: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, l) in layers.enumerated() { l.string = "Item \(i) · frame \(n)" }
        CATransaction.commit()
    }

    func render() {
        time += 1.0 / 60
        last = nil
        CATransaction.flush()
        last = renderer.frame(at: time)
    }

    func pixels() -> UnsafeBufferPointer<UInt32> {
        guard let last else { return UnsafeBufferPointer(start: nil, count: 0) }
        return last.words.withUnsafeBufferPointer { $0 }
    }
}
