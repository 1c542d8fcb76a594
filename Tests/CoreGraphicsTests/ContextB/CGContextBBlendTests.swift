import Testing
import CoreGraphics
@testable import CoreGraphics
import CQuartzCairo

/// A 10×10 context filled with the destination colour, then the rectangle (2…8, 2…8) in the
/// source colour with the blend mode. Pixel (5, 5) is inside, (0, 0) outside. Expected values
/// are Apple's CGBlendMode formulas on 8-bit premultiplied (r, g, b, a), ±2.
@Suite("CGContextB blend modes")
struct CGContextBBlendTests {
    func blend(_ mode: CGBlendMode, source: (Double, Double, Double, Double),
               destination: (Double, Double, Double, Double) = (1, 0, 0, 1)) -> CGContext {
        let ctx = cbMakeContext(10, 10)
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), destination)
        ctx.setBlendMode(mode)
        cbFillRect(ctx, CGRect(x: 2, y: 2, width: 6, height: 6), source)
        return ctx
    }
    let gray = (0.5, 0.5, 0.5, 1.0), red = (255, 0, 0, 255)

    @Test func multiply() {
        let ctx = blend(.multiply, source: gray)
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 0, 0, 255)))
        #expect(cbClose(cbPixel(ctx, 0, 0), red, tol: 0))
    }

    @Test func screen() {
        // 1 − (1 − s)(1 − d): r = 1, g = b = 0.5.
        #expect(cbClose(cbPixel(blend(.screen, source: gray), 5, 5), (255, 128, 128, 255)))
    }

    @Test func difference() {
        #expect(cbClose(cbPixel(blend(.difference, source: gray), 5, 5), (128, 128, 128, 255)))
    }

    @Test func darkenAndLighten() {
        #expect(cbClose(cbPixel(blend(.darken, source: gray), 5, 5), (128, 0, 0, 255)))
        #expect(cbClose(cbPixel(blend(.lighten, source: gray), 5, 5), (255, 128, 128, 255)))
    }

    @Test func copyReplacesInsideTheShapeOnly() {
        let ctx = blend(.copy, source: (0, 0, 1, 0.5))
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 0, 128, 128)))
        #expect(cbClose(cbPixel(ctx, 0, 0), red, tol: 0))
    }

    @Test func clearClearsInsideTheShapeOnly() {
        let ctx = blend(.clear, source: (0, 1, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 0, 0, 0), tol: 0))
        #expect(cbClose(cbPixel(ctx, 0, 0), red, tol: 0))
    }

    @Test func destinationOverPutsSourceBehind() {
        // D + S(1 − Da) with D = red at alpha 0.5 (premultiplied 128, 0, 0, 128).
        let ctx = blend(.destinationOver, source: (0, 0, 1, 1), destination: (1, 0, 0, 0.5))
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 0, 127, 255)))
    }

    @Test func plusLighterAdds() {
        let ctx = blend(.plusLighter, source: (0.25, 0.5, 0, 1), destination: (0.5, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (191, 128, 0, 255)))
    }

    @Test func plusDarkerFallsBackToNormal() {
        #expect(cbClose(cbPixel(blend(.plusDarker, source: gray), 5, 5), (128, 128, 128, 255)))
    }

    /// Apple's source-in is bounded: outside the shape the destination stays; cairo's IN alone
    /// would clear it.
    @Test func sourceInIsBoundedToTheShape() {
        let ctx = cbMakeContext(10, 10)
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 5, height: 10), (1, 0, 0, 1))  // left half red
        ctx.setBlendMode(.sourceIn)
        cbFillRect(ctx, CGRect(x: 2, y: 2, width: 6, height: 6), (0, 0, 1, 1))
        #expect(cbClose(cbPixel(ctx, 3, 5), (0, 0, 255, 255)))   // S·Da
        #expect(cbClose(cbPixel(ctx, 6, 5), (0, 0, 0, 0)))       // no destination there
        #expect(cbClose(cbPixel(ctx, 0, 0), red, tol: 0))        // outside the shape: kept
        #expect(cbClose(cbPixel(ctx, 1, 9), red, tol: 0))
    }

    @Test func destinationInIsBoundedToTheShape() {
        let ctx = blend(.destinationIn, source: (0, 1, 0, 0.5))
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 0, 0, 128)))   // D·Sa
        #expect(cbClose(cbPixel(ctx, 0, 0), red, tol: 0))
    }

    @Test func everyModeLeavesTheContextUsable() {
        for raw in Int32(0)...27 {
            let mode = try! #require(CGBlendMode(rawValue: raw))
            let ctx = blend(mode, source: gray)
            #expect(cairo_status(ctx.cr) == CAIRO_STATUS_SUCCESS)
        }
    }

    @Test func blendModeIsPartOfGraphicsState() {
        let ctx = cbMakeContext(10, 10)
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), (1, 0, 0, 1))
        ctx.saveGState()
        ctx.setBlendMode(.multiply)
        ctx.restoreGState()
        cbFillRect(ctx, CGRect(x: 2, y: 2, width: 6, height: 6), (0.5, 0.5, 0.5, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 128, 128, 255)))
    }
}
