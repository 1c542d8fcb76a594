import Testing
import CoreGraphics
@testable import QuartzCore

/// `CARenderer.updateBounds()` is the frame producer's damage: what the frame's passes changed
/// (in the context's y-up space at `bounds.origin`), and only that is drawn again.
@Suite("CARenderer damage", .serialized)
struct CARendererDamageTests {
    @Test func updateBoundsIsWhatChanged() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.anchorPoint = .zero
        let dot = box(CGRect(x: 10, y: 10, width: 10, height: 10), color(1, 0, 0))
        root.addSublayer(dot)
        CATransaction.flush()
        let ctx = RenderPaths.context(100, 50)
        let renderer = CARenderer(cgContext: ctx)
        renderer.layer = root
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 100, height: 50))   // first frame: all
        renderer.render()
        renderer.endFrame()
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        #expect(renderer.updateBounds().isNull)        // nothing changed
        renderer.endFrame()
        CATransaction.setDisableActions(true)
        dot.position = CGPoint(x: 75, y: 35)           // frame 70…80 × 30…40 (y up)
        CATransaction.setDisableActions(false)
        CATransaction.flush()
        renderer.beginFrame(atTime: 2, timeStamp: nil)
        let u = renderer.updateBounds()
        // The old and new places (10…20 × 10…20 and 70…80 × 30…40), grown by a pixel.
        #expect(u.contains(CGRect(x: 10, y: 10, width: 70, height: 30)))
        #expect(u.width <= 72 && u.height <= 32, "\(u)")
        renderer.render()
        renderer.endFrame()
        let w = RenderPaths.words(ctx)
        #expect(w[(50 - 35) * 100 + 75] == 0xFFFF_0000)   // the new place (rows from the top)
        #expect(w[(50 - 15) * 100 + 15] == 0)             // the old place: the frame's pixels replace the context's
    }
}
