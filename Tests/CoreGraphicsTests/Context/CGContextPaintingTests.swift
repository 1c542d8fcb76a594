import Testing
import CoreGraphics

/// Pixel checks of fills and strokes in a 40×40 context whose user space is y-up: user y maps
/// to row `39 - floor(y)` from the top.
@Suite("CGContext painting")
struct CGContextPaintingTests {
    @Test func fillRectIsYUp() {
        let ctx = makeContext()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(pixel(ctx, 15, 40 - 15) == .red)          // user (15, 14…15)
        #expect(pixel(ctx, 15, 40 - 25) == .clear)        // user y 24…25: above the rect
        #expect(pixel(ctx, 10, 29) == .red)               // bottom-left pixel of the rect
        #expect(pixel(ctx, 19, 20) == .red)               // top-right pixel
        #expect(pixel(ctx, 9, 25) == .clear)
        #expect(pixel(ctx, 15, 19) == .clear)
        #expect(pixel(ctx, 15, 30) == .clear)
        #expect(ctx.isPathEmpty)
    }

    @Test func strokeWidthCoversExactBand() {
        let ctx = makeContext()
        ctx.setLineWidth(4)
        ctx.strokeLineSegments(between: [CGPoint(x: 5, y: 20), CGPoint(x: 35, y: 20)])
        // Band y 18…22 = rows 18…21 from the top; butt caps end at x = 5 and 35.
        for row in 18...21 { #expect(pixel(ctx, 20, row) == .black) }
        #expect(pixel(ctx, 20, 17) == .clear)
        #expect(pixel(ctx, 20, 22) == .clear)
        #expect(pixel(ctx, 5, 20) == .black)
        #expect(pixel(ctx, 4, 20) == .clear)
        #expect(pixel(ctx, 35, 20) == .clear)
    }

    @Test func squareCapExtendsByHalfWidth() {
        let ctx = makeContext()
        ctx.setLineWidth(4)
        ctx.setLineCap(.square)
        ctx.move(to: CGPoint(x: 10, y: 20)); ctx.addLine(to: CGPoint(x: 30, y: 20))
        ctx.strokePath()
        #expect(pixel(ctx, 8, 20) == .black)
        #expect(pixel(ctx, 7, 20) == .clear)
        #expect(pixel(ctx, 31, 20) == .black)
        #expect(pixel(ctx, 32, 20) == .clear)
    }

    @Test func lineJoinsAndMiterLimit() {
        // A right-angle corner at (20, 20), width 6: the miter's outer corner reaches (23, 23);
        // a bevel cuts it along x + y = 43, so pixel [22, 23]² (x + y ≥ 44) stays clear.
        func corner(_ join: CGLineJoin, miterLimit: CGFloat = 10) -> Pixel {
            let ctx = makeContext()
            ctx.setLineWidth(6)
            ctx.setLineJoin(join)
            ctx.setMiterLimit(miterLimit)
            ctx.addLines(between: [CGPoint(x: 5, y: 20), CGPoint(x: 20, y: 20), CGPoint(x: 20, y: 5)])
            ctx.strokePath()
            return pixel(ctx, user: 22.5, 22.5)
        }
        #expect(corner(.miter) == .black)
        #expect(corner(.bevel) == .clear)
        #expect(corner(.miter, miterLimit: 1) == .clear)    // 90° needs a limit above √2
    }

    @Test func evenOddLeavesHoleWindingFillsIt() {
        for (rule, centre) in [(CGPathFillRule.evenOdd, Pixel.clear), (.winding, .black)] {
            let ctx = makeContext()
            ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
            ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))   // same direction
            ctx.fillPath(using: rule)
            #expect(pixel(ctx, 20, 20) == centre)
            #expect(pixel(ctx, 5, 5) == .black)
        }
    }

    @Test func drawPathFillStroke() {
        let ctx = makeContext()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.setLineWidth(4)
        ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        ctx.drawPath(using: .fillStroke)
        #expect(pixel(ctx, user: 20, 20) == .red)
        #expect(pixel(ctx, user: 10, 20) == .blue)      // on the left edge, stroke on top
        #expect(pixel(ctx, user: 8.5, 20) == .blue)     // outer half of the stroke
        #expect(pixel(ctx, user: 7.5, 20) == .clear)
        #expect(ctx.isPathEmpty)
    }

    @Test func globalAlphaHalfOverWhite() {
        let ctx = makeContext()
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.setAlpha(0.5)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
        #expect(pixel(ctx, 5, 5).isClose(to: Pixel(128, 128, 128, 255), tolerance: 1))
        #expect(pixel(ctx, 30, 5) == .white)
        // Alpha multiplies the colour's own alpha: 0.5 × 0.5 of black over white = 191.
        ctx.setFillColor(gray: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 20, y: 0, width: 20, height: 40))
        #expect(pixel(ctx, 30, 5).isClose(to: Pixel(191, 191, 191, 255), tolerance: 1))
    }

    @Test func translucentFillStoresPremultiplied() {
        let ctx = makeContext()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 3, 3).isClose(to: Pixel(128, 0, 0, 128), tolerance: 1))
    }

    @Test func fillRectsAndStrokeRectWidth() {
        let ctx = makeContext()
        ctx.fill([CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 5, y: 5, width: 10, height: 10)])
        #expect(pixel(ctx, user: 7, 7) == .black)       // overlap stays filled (union)
        #expect(pixel(ctx, user: 12, 12) == .black)
        #expect(pixel(ctx, user: 12, 2) == .clear)
        let s = makeContext()
        s.stroke(CGRect(x: 10, y: 10, width: 20, height: 20), width: 6)
        #expect(pixel(s, user: 7.5, 20) == .black)      // 3 outside the edge
        #expect(pixel(s, user: 6.5, 20) == .clear)
        s.stroke(CGRect(x: 2, y: 2, width: 36, height: 36))   // line width is still 1
        #expect(pixel(s, user: 2.2, 20).isClose(to: Pixel(0, 0, 0, 128), tolerance: 1))
        #expect(pixel(s, user: 1.2, 20).isClose(to: Pixel(0, 0, 0, 128), tolerance: 1))
        #expect(pixel(s, user: 0.5, 20) == .clear)
    }

    @Test func ellipseFillAndStroke() {
        let ctx = makeContext()
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(pixel(ctx, user: 20, 10) == .black)
        #expect(pixel(ctx, user: 1, 1) == .clear)
        #expect(pixel(ctx, user: 20, 25) == .clear)
        let s = makeContext()
        s.setLineWidth(2)
        s.strokeEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(pixel(s, user: 20, 20) == .clear)
        #expect(pixel(s, user: 20, 29.5) == .black)
        #expect(pixel(s, user: 29.5, 20) == .black)
    }

    @Test func clearMakesTransparentBlack() {
        let ctx = makeContext()
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.setAlpha(0.25)       // alpha does not weaken a clear
        ctx.clear(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(pixel(ctx, user: 20, 20) == .clear)
        #expect(pixel(ctx, user: 5, 5) == .green)
    }

    @Test func colourSetters() {
        let ctx = makeContext()
        ctx.setFillColor(gray: 0.5, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, user: 5, 5).isClose(to: Pixel(128, 128, 128, 255), tolerance: 1))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, user: 15, 5) == .blue)
        ctx.setFillColorSpace(CGColorSpaceCreateDeviceRGB())     // resets to opaque black
        ctx.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, user: 25, 5) == .black)
        var comps: [CGFloat] = [0, 1, 0, 1]
        ctx.setFillColor(&comps)
        ctx.fill(CGRect(x: 30, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, user: 35, 5) == .green)
    }
}
