import Testing
import Foundation
@testable import QuartzCore

/// `render(in:)` (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)) and
/// `CARenderer` (https://developer.apple.com/documentation/quartzcore/carenderer).
@Suite("Render entry points", .serialized)
struct RenderEntryPointTests {
    func bitmap(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// RGBA of the context pixel at (x, row from top).
    func px(_ ctx: CGContext, _ x: Int, _ y: Int) -> RGBA {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + 4 * x
        return RGBA(Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    @Test func renderInContextDrawsTheModelTreeInTheLayersOwnSpace() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.position = CGPoint(x: 1000, y: 1000)                 // ignored: the layer's own space
        l.backgroundColor = color(0, 0, 1)
        let child = box(CGRect(x: 0, y: 0, width: 20, height: 10), color(1, 0, 0))
        l.addSublayer(child)
        let a = CABasicAnimation(keyPath: "backgroundColor")  // animations are ignored
        a.fromValue = color(0, 1, 0); a.toValue = color(0, 1, 0); a.duration = 100
        l.add(a, forKey: "green")
        CATransaction.flush()
        let ctx = bitmap(40, 40)
        l.render(in: ctx)
        // y up: the child at layer y 0…10 is at the bottom rows of the bitmap.
        #expect(px(ctx, 5, 35) == .red)
        #expect(px(ctx, 30, 5) == .blue)
        #expect(px(ctx, 30, 35) == .blue)
    }

    @Test func renderInContextFollowsTheContextTransform() {
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        let ctx = bitmap(40, 40)
        ctx.translateBy(x: 20, y: 20)
        ctx.scaleBy(x: 2, y: 2)
        l.render(in: ctx)
        #expect(px(ctx, 30, 10) == .red)       // (20…40, 20…40) in y-up → rows 0…20 from the top
        #expect(px(ctx, 10, 30) == .clear)
    }

    @Test func caRendererDrawsFramesAtTheirTimes() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        root.anchorPoint = .zero
        let dot = box(CGRect(x: 0, y: 0, width: 10, height: 20), color(1, 0, 0))
        root.addSublayer(dot)
        let ctx = bitmap(100, 20)
        let renderer = CARenderer(cgContext: ctx)
        let clock = CAManualMediaClock(start: 0)
        CAMediaClockContext.$current.withValue(clock) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 5; a.toValue = 95; a.duration = 1
            dot.add(a, forKey: "m")
            CATransaction.flush()
        }
        renderer.layer = root
        renderer.beginFrame(atTime: 0.5, timeStamp: nil)
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 100, height: 20))
        renderer.render()
        #expect(renderer.nextFrameTime() == 0.5)
        renderer.endFrame()
        #expect(px(ctx, 50, 10) == .red && px(ctx, 40, 10) == .clear)
    }
}
