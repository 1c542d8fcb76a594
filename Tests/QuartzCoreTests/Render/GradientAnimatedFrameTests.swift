import Testing
import Foundation
@testable import QuartzCore

/// Frames of an animated `colors` match the presentation colours: the colours blend element by
/// element (https://developer.apple.com/documentation/quartzcore/cagradientlayer/colors), and
/// each row of the frame is the gradient of the presentation colours at t = 0, ½ and 1.
@Suite("CAGradientLayer animated frames", .serialized)
struct GradientAnimatedFrameTests {
    typealias G = LayerGolden

    @Test func colorsFramesMatchThePresentationColours() throws {
        let root = makeRoot(10, 101)
        let g = CAGradientLayer()
        g.frame = root.bounds
        g.colors = [color(1, 0, 0), color(0, 0, 1)]
        root.addSublayer(g)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 101)))
        _ = host.frame(at: 0)
        let a = CABasicAnimation(keyPath: "colors")
        a.fromValue = [color(1, 0, 0), color(0, 0, 1)]
        a.toValue = [color(0, 1, 0), color(1, 1, 0)]
        a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { g.add(a, forKey: "colors") }
        let ends: [[[Double]]] = [[[1, 0, 0], [0, 0, 1]], [[0, 1, 0], [1, 1, 0]]]
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let colors = try #require(host.host.withClock { g.presentation()?.colors as? [CGColor] })
            let stops = colors.map { $0.components!.prefix(3).map(Double.init) }
            let want = (0..<2).map { i in (0..<3).map { k in ends[0][i][k] + (ends[1][i][k] - ends[0][i][k]) * t } }
            #expect(zip(stops, want).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) < 1e-6 } }, "t = \(t): \(stops)")
            for y in [0, 25, 50, 75, 100] {
                let expected = G.gradient(stops, at: (Double(y) + 0.5) / 101)
                #expect(f.rgba(5, y).near(expected, 1), "t = \(t), row \(y): \(f.rgba(5, y)), expected \(expected)")
            }
        }
    }
}
