import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Particles drawn by the CPU compositor: tinted cell images at their analytic positions.
@Suite("Emitter rendering", .serialized)
struct EmitterRenderTests {
    /// A w×h opaque white image.
    func white(_ w: Int, _ h: Int) -> CGImage {
        CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                provider: CGDataProvider(data: Data(repeating: 255, count: 4 * w * h)), decode: nil,
                shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// A 100×20 scene: an emitter at (10, 10) sending 4-point particles along +x at 20 pt/s,
    /// one per second.
    func scene(color c: CGColor = color(1, 0, 0), mode: CAEmitterLayerRenderMode = .unordered,
               cells n: Int = 1) -> (CALayer, CAEmitterLayer) {
        let root = makeRoot(100, 20)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 10, y: 10)
        e.renderMode = mode
        e.emitterCells = (0..<n).map { _ in
            let cell = CAEmitterCell()
            cell.contents = white(4, 4)
            cell.birthRate = 1; cell.lifetime = 10; cell.velocity = 20
            cell.color = c
            return cell
        }
        root.addSublayer(e)
        return (root, e)
    }

    func render(_ root: CALayer, at times: [Double]) -> PixelBuffer {
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 20))!
        var last: PixelBuffer?
        for t in times { last = r.frame(at: t) }
        return last!
    }

    @Test func particleKIsAtItsAnalyticPositionInItsTint() {
        let (root, _) = scene()
        let f = render(root, at: [2.5])
        dump(f, "emitter-points")
        // Born at 0, 1, 2 → x = 10 + 20 × (2.5, 1.5, 0.5) = 60, 40, 20; 4 points wide.
        for x in [60, 40, 20] {
            #expect(f.rgba(x, 10) == .red, "x = \(x)")
            #expect(f.rgba(x - 1, 9) == .red && f.rgba(x + 1, 11) == .red, "x = \(x)")
            #expect(f.rgba(x + 3, 10) == .clear && f.rgba(x - 3, 10) == .clear, "x = \(x)")
        }
        #expect(f.rgba(60, 14) == .clear)
        #expect(f.count { $0 != .clear } == 3 * 16)
    }

    @Test func lifetimeRemovesDrawnParticles() {
        let (root, e) = scene()
        e.lifetime = 0.2    // 10 s × 0.2 = 2 s: the particle born at 0 has died by 2.5
        let f = render(root, at: [2.5])
        #expect(f.rgba(60, 10) == .clear)
        #expect(f.rgba(40, 10) == .red && f.rgba(20, 10) == .red)
    }

    @Test func sameTimeGivesByteIdenticalFrames() {
        let (rootA, _) = scene(color: color(0.2, 0.6, 1, 0.8))
        let (rootB, _) = scene(color: color(0.2, 0.6, 1, 0.8))
        let a = render(rootA, at: [2.25])
        let b = render(rootB, at: [0.3, 1.7, 2.0, 2.25])
        #expect(a.words == b.words)
        #expect(a.count { $0 != .clear } > 0)
    }

    @Test func colourTintIsPremultipliedColourTimesImage() {
        let (root, _) = scene(color: color(0, 1, 0, 0.5))
        let f = render(root, at: [0.5])
        #expect(f.rgba(20, 10).near(RGBA(0, 128, 0, 128), 1))
    }

    @Test func additiveModeBrightensOverlaps() {
        let (over, _) = scene(color: color(0.4, 0, 0), mode: .unordered, cells: 2)
        let (add, _) = scene(color: color(0.4, 0, 0), mode: .additive, cells: 2)
        // Two cells with the same particles: drawn over each other, or added.
        #expect(render(over, at: [0.5]).rgba(20, 10).near(RGBA(102, 0, 0, 255), 1))
        #expect(render(add, at: [0.5]).rgba(20, 10).near(RGBA(204, 0, 0, 255), 2))
    }

    @Test func absurdBirthRateRendersBoundedAndReportsIt() {
        let (root, e) = scene()
        e.birthRate = 1e9
        let reports = EmitterDiagnosticsBox()
        // Bounded by the live-particle cap the diagnostic names, not by a wall-clock limit: a
        // timed assertion failed under AddressSanitizer on a loaded machine (12.8 s) although
        // the cap held.
        let f = CADiagnostics.withHandler({ reports.append($0) }) { render(root, at: [1]) }
        #expect(f.rgba(10, 10) == .red)      // the newest particles, all just born at the emitter
        #expect(reports.messages.contains { $0.contains("live particles") })
    }
}
