import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `render(in:)` as Apple documents it
/// (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)): the model tree
/// in the layer's own coordinate space at the context's origin, the receiver's own shadow
/// drawn, and what overflows its bounds drawn, clipped only by the context and by
/// `masksToBounds` / masks. Checked through the bitmap (CPU) and the vector drawing.
@Suite("render(in:)", .serialized)
struct RenderInContextTests {
    static func solidImage(_ side: Int) -> CGImage {
        CGImage(width: side, height: side, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: side * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                provider: CGDataProvider(data: Data([UInt8](repeating: 255, count: side * side * 4))), decode: nil,
                shouldInterpolate: true, intent: .defaultIntent)!
    }

    static func covered(_ ctx: CGContext) -> Int { RenderPaths.words(ctx).filter { $0 >> 24 != 0 }.count }

    /// The reproduction: a 200 × 200 image on a 100 × 100 layer with `.center` gravity
    /// spans −50…150 in the layer's space, so it covers 150 × 150 of a 200 × 200 context.
    @Test(arguments: [false, true])
    func centeredContentsOverflowTheBounds(vector: Bool) {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.contents = Self.solidImage(200)
        l.contentsGravity = .center
        CATransaction.flush()
        let ctx = RenderPaths.context(200, 200)
        if vector { l.renderModelAsVectors(in: ctx) } else { l.render(in: ctx) }
        #expect(Self.covered(ctx) == 150 * 150)
        // masksToBounds clips it to the bounds again.
        l.masksToBounds = true
        CATransaction.flush()
        let clipped = RenderPaths.context(200, 200)
        if vector { l.renderModelAsVectors(in: clipped) } else { l.render(in: clipped) }
        #expect(Self.covered(clipped) == 100 * 100)
    }

    /// The receiver's own shadow is drawn (offset right by 30, hard), beside its red body.
    @Test(arguments: [false, true])
    func theReceiversOwnShadowIsDrawn(vector: Bool) {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        l.backgroundColor = color(1, 0, 0)
        l.shadowOpacity = 1
        l.shadowRadius = 0
        l.shadowOffset = CGSize(width: 30, height: 0)
        CATransaction.flush()
        let ctx = RenderPaths.context(100, 100)
        if vector { l.renderModelAsVectors(in: ctx) } else { l.render(in: ctx) }
        let w = RenderPaths.words(ctx)
        func at(_ x: Int, _ rowFromTop: Int) -> UInt32 { w[rowFromTop * 100 + x] }
        #expect(at(25, 75) == 0xFFFF_0000)      // the body (y-up: rows 50…99 from the top)
        #expect(at(65, 75) == 0xFF00_0000)      // the shadow, beyond the bounds
        #expect(at(90, 75) == 0)
        #expect(at(65, 25) == 0)
    }

    /// Sublayers outside the bounds are drawn; the context's own clip still applies.
    @Test func sublayersOutsideTheBoundsAreDrawnAndTheContextClipHolds() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.addSublayer(box(CGRect(x: 50, y: 0, width: 20, height: 20), color(0, 0, 1)))
        CATransaction.flush()
        let ctx = RenderPaths.context(100, 100)
        l.render(in: ctx)
        #expect(Self.covered(ctx) == 400)
        let clipped = RenderPaths.context(100, 100)
        clipped.clip(to: CGRect(x: 0, y: 0, width: 60, height: 100))
        l.render(in: clipped)
        #expect(Self.covered(clipped) == 200)
    }

    /// Animations are ignored: the model value is drawn.
    @Test func animationsAreIgnored() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        let dot = box(CGRect(x: 0, y: 0, width: 10, height: 20), color(1, 0, 0))
        root.addSublayer(dot)
        let clock = CAManualMediaClock(start: 0)
        CAMediaClockContext.$current.withValue(clock) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 50; a.toValue = 95; a.duration = 10
            dot.add(a, forKey: "m")
            CATransaction.flush()
            clock.set(to: 5)
        }
        let ctx = RenderPaths.context(100, 20)
        root.render(in: ctx)
        let w = RenderPaths.words(ctx)
        #expect(w[10 * 100 + 5] == 0xFFFF_0000 && w[10 * 100 + 70] == 0)
    }

    /// The presentation copy's `render(in:)` draws the presentation tree: the sublayer where its
    /// animation has it at t = 5 s of 10 (position.x 72.5, so x 67.5…77.5), not the model's.
    @Test func presentationCopyDrawsItsAnimatedSublayers() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        let dot = box(CGRect(x: 0, y: 0, width: 10, height: 20), color(1, 0, 0))
        root.addSublayer(dot)
        let clock = CAManualMediaClock(start: 0)
        let presented: CALayer? = CAMediaClockContext.$current.withValue(clock) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 50; a.toValue = 95; a.duration = 10
            dot.add(a, forKey: "m")
            CATransaction.flush()
            clock.set(to: 5)
            return root.presentation()
        }
        let ctx = RenderPaths.context(100, 20)
        try #require(presented).render(in: ctx)
        let w = RenderPaths.words(ctx)
        #expect(w[10 * 100 + 5] == 0 && w[10 * 100 + 70] == 0xFFFF_0000 && w[10 * 100 + 75] == 0xFFFF_0000)
        #expect(w[10 * 100 + 60] == 0 && w[10 * 100 + 85] == 0)
    }
}
