import Testing
import CoreGraphics
@testable import CoreGraphics
import CQuartzCairo

@Suite("CGContextB shadow")
struct CGContextBShadowTests {
    /// Red square (10…30, 30…50) with an opaque blue shadow offset (10, −10), no blur:
    /// the shadow covers (20…40, 20…40) under the square.
    @Test func hardShadowAtOffset() {
        let ctx = cbMakeContext(60, 60)
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        cbFillRect(ctx, CGRect(x: 10, y: 30, width: 20, height: 20), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 35, 25), (0, 0, 255, 255), tol: 0))  // shadow only
        #expect(cbClose(cbPixel(ctx, 25, 35), (255, 0, 0, 255), tol: 0))  // square over shadow
        #expect(cbClose(cbPixel(ctx, 15, 45), (255, 0, 0, 255), tol: 0))  // square only
        #expect(cbClose(cbPixel(ctx, 35, 45), (0, 0, 0, 0), tol: 0))      // right of the square, above the shadow
        #expect(cbClose(cbPixel(ctx, 15, 25), (0, 0, 0, 0), tol: 0))      // below the square, left of the shadow
        #expect(cbClose(cbPixel(ctx, 45, 15), (0, 0, 0, 0), tol: 0))
    }

    @Test func defaultColourIsBlackAtOneThird() {
        let ctx = cbMakeContext(60, 60)
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0)
        cbFillRect(ctx, CGRect(x: 10, y: 30, width: 20, height: 20), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 35, 25), (0, 0, 0, 85), tol: 1))
    }

    @Test func offsetIgnoresTheCTM() {
        let ctx = cbMakeContext(60, 60)
        cairo_scale(ctx.cr, 2, 2)  // user units are 2 pixels; the offset stays 10 pixels
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        cbFillRect(ctx, CGRect(x: 5, y: 15, width: 10, height: 10), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 35, 25), (0, 0, 255, 255), tol: 0))
        #expect(cbClose(cbPixel(ctx, 45, 15), (0, 0, 0, 0), tol: 0))
    }

    /// Square (10…30, 20…40) with a shadow 30 to the right, blur 8 (σ = 4): the shadow's
    /// left edge at x = 40 is about half strength, its middle nearly full, and it fades out
    /// within ~3σ.
    @Test func blurSpreadsTheShadow() {
        let ctx = cbMakeContext(90, 60)
        ctx.setShadow(offset: CGSize(width: 30, height: 0), blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        cbFillRect(ctx, CGRect(x: 10, y: 20, width: 20, height: 20), (1, 0, 0, 1))
        let edge = cbPixel(ctx, 40, 30).a, inner = cbPixel(ctx, 50, 30).a
        #expect(abs(edge - 140) <= 25)       // Φ(0.5 / 4) ≈ 0.55
        #expect(inner >= 245)
        #expect(cbPixel(ctx, 35, 30).a > 0)    // spread left of the hard edge
        #expect(cbPixel(ctx, 35, 30).a < 60)
        #expect(cbPixel(ctx, 75, 30).a == 0)   // 15 = 3.75σ beyond the right edge
        #expect(cbPixel(ctx, 50, 50).a == 0)
        #expect(cbClose(cbPixel(ctx, 20, 30), (255, 0, 0, 255), tol: 0))
    }

    @Test func nilColourTurnsShadowOffAndRestoreRemovesIt() {
        let ctx = cbMakeContext(60, 60)
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0)
        ctx.restoreGState()
        cbFillRect(ctx, CGRect(x: 10, y: 30, width: 20, height: 20), (1, 0, 0, 1))
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: nil)
        cbFillRect(ctx, CGRect(x: 10, y: 30, width: 20, height: 20), (1, 0, 0, 1))
        #expect(cbPixel(ctx, 35, 25).a == 0)
    }
}
