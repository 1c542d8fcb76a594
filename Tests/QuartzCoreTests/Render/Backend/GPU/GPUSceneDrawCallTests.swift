import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// Draw calls of cabench's per-layer-bitmap scenes, smaller, on the GPU backend
/// (`GLCompositor.lastDrawCalls`): text layers and shape layers each rasterise a bitmap of
/// their own, which the texture atlas packs into shared pages, so a frame is a few calls, not
/// one per layer; the frames are the CPU backend's.
@Suite("GPU draw calls of bitmap-per-layer scenes", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"),
       .serialized)
struct GPUSceneDrawCallTests {
    static let own = try? GLCompositor()
    var gpu: GLCompositor { Self.own! }

    @Test func aHundredTextLayersChangedEveryFrameAreOneDrawCall() throws {
        let grid = TextGrid(count: 100, columns: 4)
        grid.renderer.backend = gpu
        let cpu = TextGrid(count: 100, columns: 4)
        for n in 1...2 {
            grid.setStrings(frame: n)
            cpu.setStrings(frame: n)
            let frame = try #require(grid.renderer.frame(at: Double(n) / 60))
            // The white background joins the run of text bitmaps, all in one atlas page.
            #expect(gpu.lastDrawCalls == 1)
            let expected = try #require(cpu.renderer.frame(at: Double(n) / 60))
            let bad = RenderPaths.mismatches(expected.words, frame.words, TextGrid.width, TextGrid.height)
            #expect(bad.isEmpty, "frame \(n): \(bad.count) pixels differ")
        }
    }

    /// 48 dashed rings, each a shape layer whose path is trimmed by its own strokeEnd.
    static func rings(strokeEnd: (Int) -> Double) -> (CALayer, CAOffscreenRenderer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 480, height: 240)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 0.12, green: 0.14, blue: 0.16, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<48 {
            let l = CAShapeLayer()
            l.frame = CGRect(x: Double(i % 8) * 60, y: Double(i / 8) * 40 - 10, width: 60, height: 60)
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 30, y: 30), radius: 12 + Double(i % 5) * 3, startAngle: Double(i),
                     endAngle: Double(i) + 2 * .pi, clockwise: false)
            l.path = p
            l.fillColor = nil
            l.strokeColor = CGColor(srgbRed: 0.3 + Double(i % 7) * 0.1, green: 0.9 - Double(i % 5) * 0.1, blue: 0.6, alpha: 1)
            l.lineWidth = 3
            l.lineDashPattern = [NSNumber(value: 9), NSNumber(value: 4)]
            l.strokeEnd = strokeEnd(i)
            root.addSublayer(l)
        }
        CATransaction.commit()
        CATransaction.flush()
        return (root, CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 480, height: 240))!)
    }

    @Test func dashedRingsWithTheirOwnStrokeEndAreOneDrawCall() throws {
        for step in 1...2 {
            let (_, renderer) = Self.rings { i in Double((i * 7 + step * 3) % 10 + 1) / 10 }
            renderer.backend = gpu
            let frame = try #require(renderer.frame(at: 0))
            #expect(gpu.lastDrawCalls == 1)
            let (_, cpu) = Self.rings { i in Double((i * 7 + step * 3) % 10 + 1) / 10 }
            let expected = try #require(cpu.frame(at: 0))
            let bad = RenderPaths.mismatches(expected.words, frame.words, 480, 240)
            #expect(bad.isEmpty, "step \(step): \(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
        }
    }

    @Test func shadowPathCardsCostFourCallsEachOnePerPass() throws {
        // cabench's shadowpath, smaller. Each shadow is a pass of its own: its caster (the
        // path's bitmap, from the atlas), two blur passes, and its output composited in the
        // root. Pass outputs are framebuffers of their own, not atlas slots, so the composite
        // is a call per card (the cards' rounded backgrounds join those runs; the opaque root
        // background is a clear). The atlas does not change this scene's count.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 160)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<8 {
            let card = CALayer()
            card.frame = CGRect(x: 10 + CGFloat(i % 4) * 75, y: 10 + CGFloat(i / 4) * 70, width: 60, height: 40)
            card.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            card.cornerRadius = 8
            card.shadowOpacity = 0.3; card.shadowRadius = 6; card.shadowOffset = CGSize(width: 0, height: 3)
            card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 8, cornerHeight: 8, transform: nil)
            root.addSublayer(card)
        }
        CATransaction.commit()
        let renderer = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 320, height: 160)))
        renderer.backend = gpu
        let frame = try #require(renderer.frame(at: 0))
        #expect(gpu.lastDrawCalls == 4 * 8)
        // The cards are white over a lighter grey: only the shadows are darker than both.
        let shaded = frame.words.filter { ($0 >> 16) & 0xFF < 235 }.count
        #expect(shaded > 8 * 100)
        #expect(Probe.matches(frame, 315, 155, 242, 242, 247, 255, tolerance: 1))
    }
}
