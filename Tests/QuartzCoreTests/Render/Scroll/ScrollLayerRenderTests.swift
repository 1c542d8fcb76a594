import Testing
import Foundation
@testable import QuartzCore

/// A scrolled CAScrollLayer drawn: its sublayers slide under its fixed frame and are clipped
/// to it with `masksToBounds`.
@Suite("CAScrollLayer rendering")
struct ScrollLayerRenderTests {
    @Test func scrolledContentSlidesUnderTheFrame() {
        let root = makeRoot(200, 100)
        let s = CAScrollLayer()
        s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        s.masksToBounds = true
        s.addSublayer(box(CGRect(x: 150, y: 0, width: 50, height: 50), color(1, 0, 0)))
        root.addSublayer(s)
        s.scroll(to: CGPoint(x: 100, y: 0))
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 100))!.frame(at: 0)!
        #expect(f.rgba(75, 25) == RGBA(255, 0, 0, 255))    // content x 175 shows at 75
        #expect(f.rgba(25, 25).a == 0)                      // content x 125: empty
        #expect(f.rgba(150, 25).a == 0)                     // outside the frame: clipped
    }
}
