// issue 7's `scroll`: a 1280×720 viewport scrolled 10 points per frame down a tall document.
// Ours: a CAScrollLayer over a CATiledLayer (tiles drawn once, cached, composited each frame);
// the peer: the same drawing redone for the whole viewport every frame (a plain layer's
// `draw(in:)` after `setNeedsDisplay`), in the same run. A second case scrolls diagonally once
// across a 100,000 × 100,000-point tiled layer and reports the process's resident memory.
import Foundation
import QuartzCore

struct ScrollScene: BenchScene {
    let name = "scroll"
    let summary = "1280×720 viewport scrolled 10 pt per frame: tiled layer vs redrawing the viewport every frame (ms/frame); RSS across a 100,000² tiled layer"
    static let viewport = CGSize(width: 1280, height: 720)

    func cases() -> [BenchCase] {
        [BenchCase(label: "scroll 10 pt/frame down a 1280 × 100,000-point document, 1280×720",
                   unit: .millisecondsPer("frame"), target: nil,
                   subjects: [Subject(name: "CAScrollLayer + CATiledLayer (tiles cached)", isPeer: false) { Self.tiled() },
                              Subject(name: "same drawing, whole viewport redrawn each frame", isPeer: true) { Self.redrawn() }],
                   frames: 60),
         BenchCase(label: "resident memory scrolling diagonally once across a 100,000 × 100,000-point tiled layer (100 pt/frame, 1000 frames)",
                   unit: .count("MiB peak RSS"), subjects: [], custom: { _, quick in
                       [ScrollMemory.measure(frames: quick ? 100 : 1000)]
                   })]
    }

    /// Ours: the scroll layer's origin moves 10 points a frame over a tiled layer.
    static func tiled() -> Iteration {
        let root = ScrollContent.root()
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(origin: .zero, size: viewport)
        scroller.masksToBounds = true
        let doc = UnfadedTiles()
        doc.frame = CGRect(x: 0, y: 0, width: viewport.width, height: 100_000)
        let painter = ScrollContent()
        doc.delegate = painter
        scroller.addSublayer(doc)
        root.addSublayer(scroller)
        let r = CAOffscreenRenderer(rootLayer: root, size: viewport)!
        BenchBackend.install(on: r)
        var n = 0.0
        _ = r.frame(at: 0)
        return Iteration(body: {
            n += 1
            ScrollContent.withoutActions { scroller.scroll(to: CGPoint(x: 0, y: n * 10)) }
            blackHole(r.frame(at: n / 60)?.width ?? 0)
            _ = painter
        }, check: { doc.tileStatistics.draws > 0 ? nil : "no tile was drawn" })
    }

    /// The peer: a viewport-sized layer whose bounds origin follows the scroll and which draws
    /// the visible part of the document again every frame.
    static func redrawn() -> Iteration {
        let root = ScrollContent.root()
        let view = CALayer()
        view.frame = CGRect(origin: .zero, size: viewport)
        let painter = ScrollContent()
        view.delegate = painter
        root.addSublayer(view)
        let r = CAOffscreenRenderer(rootLayer: root, size: viewport)!
        BenchBackend.install(on: r)
        var n = 0.0
        _ = r.frame(at: 0)
        return Iteration(body: {
            n += 1
            ScrollContent.withoutActions {
                view.bounds.origin.y = n * 10
                view.setNeedsDisplay()
            }
            blackHole(r.frame(at: n / 60)?.width ?? 0)
            _ = painter
        }, check: { painter.draws > 0 ? nil : "nothing was drawn" })
    }
}

/// Tiles without Apple's 0.25 s fade, so every frame shows finished content.
final class UnfadedTiles: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}
