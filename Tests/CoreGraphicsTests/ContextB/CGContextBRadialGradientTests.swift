import Testing
import CoreGraphics
@testable import CoreGraphics

/// Red at t = 0 to blue at t = 1, concentric circles at (50.5, 50.5) (a pixel centre), radii
/// 10 → 40: pixel (75, 50) is 25 from the centre, t = 0.5; pixel (50, 50) is the centre
/// (inside the start circle); pixel (95, 50) is 45 away (outside the end circle).
@Suite("CGContextB radial gradient")
struct CGContextBRadialGradientTests {
    let stops = GradientStops(locations: [0, 1], colors: [(1, 0, 0, 1), (0, 0, 1, 1)])

    func draw(before: Bool, after: Bool) -> CGContext {
        let ctx = cbMakeContext(100, 100)
        let c = CGPoint(x: 50.5, y: 50.5)
        ctx.drawRadialGradient(stops: stops, startCenter: c, startRadius: 10, endCenter: c, endRadius: 40,
                               drawsBeforeStart: before, drawsAfterEnd: after)
        return ctx
    }

    let red = (255, 0, 0, 255), blue = (0, 0, 255, 255), none = (0, 0, 0, 0), mid = (128, 0, 128, 255)

    @Test func withoutOptionsOnlyBetweenTheCircles() {
        let ctx = draw(before: false, after: false)
        #expect(cbClose(cbPixel(ctx, 50, 50), none))
        #expect(cbClose(cbPixel(ctx, 75, 50), mid, tol: 3))
        #expect(cbClose(cbPixel(ctx, 95, 50), none))
        // 20 below the centre: t = 1/3, two thirds red.
        #expect(cbClose(cbPixel(ctx, 50, 30), (170, 0, 85, 255), tol: 3))
    }

    @Test func bothOptionsExtendBothWays() {
        let ctx = draw(before: true, after: true)
        #expect(cbClose(cbPixel(ctx, 50, 50), red))
        #expect(cbClose(cbPixel(ctx, 75, 50), mid, tol: 3))
        #expect(cbClose(cbPixel(ctx, 95, 50), blue))
        #expect(cbClose(cbPixel(ctx, 0, 0), blue))
    }

    @Test func beforeOnlyFillsTheStartCircle() {
        let ctx = draw(before: true, after: false)
        #expect(cbClose(cbPixel(ctx, 50, 50), red))
        #expect(cbClose(cbPixel(ctx, 55, 50), red))
        #expect(cbClose(cbPixel(ctx, 75, 50), mid, tol: 3))
        #expect(cbClose(cbPixel(ctx, 95, 50), none))
        #expect(cbClose(cbPixel(ctx, 0, 0), none))
    }

    @Test func afterOnlyFillsOutsideTheEndCircle() {
        let ctx = draw(before: false, after: true)
        #expect(cbClose(cbPixel(ctx, 50, 50), none))
        #expect(cbClose(cbPixel(ctx, 55, 50), none))
        #expect(cbClose(cbPixel(ctx, 75, 50), mid, tol: 3))
        #expect(cbClose(cbPixel(ctx, 95, 50), blue))
        #expect(cbClose(cbPixel(ctx, 0, 0), blue))
    }

    @Test func badGeometryDrawsNothing() {
        let ctx = cbMakeContext(10, 10)
        ctx.drawRadialGradient(stops: stops, startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 5,
                               drawsBeforeStart: true, drawsAfterEnd: true)
        ctx.drawRadialGradient(stops: stops, startCenter: CGPoint(x: CGFloat.nan, y: 0), startRadius: 0,
                               endCenter: .zero, endRadius: 5, drawsBeforeStart: true, drawsAfterEnd: true)
        #expect(cbClose(cbPixel(ctx, 0, 0), none, tol: 0))
    }
}
