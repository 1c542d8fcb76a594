import Testing
import CoreGraphics

/// The public painting calls (fill, stroke, draw image, gradients) reach the graphics-state
/// effects: shadow, blend mode and mask clip (Apple: these are graphics-state parameters that
/// apply to all drawing, https://developer.apple.com/documentation/coregraphics/cgcontext).
@Suite("CGContext effects wiring")
struct CGContextEffectsWiringTests {
    @Test func fillCastsTheShadowOfTheGraphicsState() {
        let ctx = makeContext(60, 60)
        ctx.setShadow(offset: CGSize(width: 20, height: -20), blur: 0,
                      color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 10, y: 30, width: 20, height: 20))
        #expect(pixel(ctx, user: 20, 40) == .red)            // the square
        #expect(pixel(ctx, user: 45, 15) == .blue)           // its shadow, 20 right and 20 down
        #expect(pixel(ctx, user: 45, 45) == .clear)
    }

    @Test func strokeUsesTheBlendMode() {
        let ctx = makeContext(20, 20)
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.setBlendMode(.multiply)
        ctx.setStrokeColor(CGColor(red: 0, green: 1, blue: 1, alpha: 1))
        ctx.setLineWidth(6)
        ctx.stroke(CGRect(x: 5, y: 5, width: 10, height: 10))
        // yellow × cyan = green on the stroke; yellow elsewhere.
        #expect(pixel(ctx, user: 5, 10) == .green)
        #expect(pixel(ctx, user: 10, 10) == Pixel(255, 255, 0, 255))
    }

    @Test func radialGradientThroughTheMaskClip() {
        let ctx = makeContext(40, 40)
        // Left half of the mask paints (black = 0 in an image mask), right half blocks.
        var bytes = [UInt8](repeating: 0, count: 4)
        bytes[1] = 255; bytes[3] = 255                     // 2×2 mask: columns 0 paint, 1 block
        let mask = CGImage(maskWidth: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: false)!
        ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 40), mask: mask)
        let g = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                      CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                           locations: nil)!
        ctx.drawRadialGradient(g, startCenter: CGPoint(x: 20, y: 20), startRadius: 0,
                               endCenter: CGPoint(x: 20, y: 20), endRadius: 20,
                               options: [.drawsAfterEndLocation])
        #expect(pixel(ctx, user: 19, 20).isClose(to: Pixel(242, 0, 13, 255), tolerance: 8))  // near the centre, red
        #expect(pixel(ctx, user: 1, 1).isClose(to: .blue, tolerance: 2))                     // beyond the end circle
        #expect(pixel(ctx, user: 30, 20) == .clear)                                          // masked out
    }
}
