import Testing
import CoreGraphics

/// CTM arithmetic follows Apple's CGContext docs: each operation is prepended (applies to user
/// points first); device space is the bitmap's y-up pixel grid, so a new context's CTM is the identity.
@Suite("CGContext CTM")
struct CGContextCTMTests {
    @Test func newContextHasIdentityCTM() {
        let ctx = makeContext()
        #expect(ctx.ctm.isIdentity)
        #expect(ctx.userSpaceToDeviceSpaceTransform.isIdentity)
    }

    @Test func operationsComposeLikeApple() {
        let ctx = makeContext()
        ctx.translateBy(x: 10, y: 20)
        ctx.scaleBy(x: 2, y: 3)
        // Scale first, then translate: (1, 1) -> (2, 3) -> (12, 23).
        #expect(isClose(ctx.ctm, [2, 0, 0, 3, 10, 20]))
        #expect(ctx.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 23))
        ctx.rotate(by: .pi / 2)
        // Rotation (x, y) -> (-y, x) acts before the scale: a = 2cos, b = 3sin, c = -2sin, d = 3cos.
        #expect(isClose(ctx.ctm, [0, 3, -2, 0, 10, 20]))
        ctx.concatenate(CGAffineTransform(translationX: 1, y: 0))
        // (0, 0) -> (1, 0) -> rotated (0, 1) -> scaled (0, 3) -> translated (10, 23).
        #expect(isClose(ctx.ctm, [0, 3, -2, 0, 10, 23]))
    }

    @Test func conversionsRoundTrip() {
        let ctx = makeContext()
        ctx.translateBy(x: 5, y: 7)
        ctx.scaleBy(x: 2, y: 4)
        #expect(ctx.convertToUserSpace(CGPoint(x: 9, y: 15)) == CGPoint(x: 2, y: 2))
        #expect(ctx.convertToDeviceSpace(CGSize(width: 1, height: 1)) == CGSize(width: 2, height: 4))
        #expect(ctx.convertToUserSpace(CGSize(width: 2, height: 4)) == CGSize(width: 1, height: 1))
        #expect(ctx.convertToDeviceSpace(CGRect(x: 0, y: 0, width: 1, height: 1)) == CGRect(x: 5, y: 7, width: 2, height: 4))
        #expect(ctx.convertToUserSpace(CGRect(x: 5, y: 7, width: 2, height: 4)) == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func translateMovesAFill() {
        let ctx = makeContext()
        ctx.translateBy(x: 20, y: 20)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, user: 25, 25) == .red)
        #expect(pixel(ctx, user: 5, 5) == .clear)
        #expect(pixel(ctx, user: 31, 25) == .clear)
    }

    @Test func scaleMovesAndGrowsAFill() {
        let ctx = makeContext()
        ctx.scaleBy(x: 2, y: 3)
        ctx.fill(CGRect(x: 5, y: 5, width: 5, height: 5))   // device x 10…20, y 15…30
        #expect(pixel(ctx, user: 11, 16) == .black)
        #expect(pixel(ctx, user: 19, 29) == .black)
        #expect(pixel(ctx, user: 21, 20) == .clear)
        #expect(pixel(ctx, user: 15, 31) == .clear)
        #expect(pixel(ctx, user: 9, 20) == .clear)
    }

    @Test func positiveRotationIsCounterClockwise() {
        let ctx = makeContext()
        ctx.translateBy(x: 20, y: 20)
        ctx.rotate(by: .pi / 2)
        // A bar along +x rotated a quarter turn counter-clockwise points along +y.
        ctx.fill(CGRect(x: 2, y: -2, width: 14, height: 4))
        #expect(pixel(ctx, user: 20, 30) == .black)
        #expect(pixel(ctx, user: 30, 20) == .clear)
        #expect(pixel(ctx, user: 20, 10) == .clear)
    }

    @Test func singularCTMDrawsNothingAndRestoreRecovers() {
        let ctx = makeContext()
        ctx.saveGState()
        ctx.scaleBy(x: 0, y: 0)
        #expect(isClose(ctx.ctm, [0, 0, 0, 0, 0, 0]))
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 20, 20) == .clear)
        ctx.restoreGState()
        #expect(ctx.ctm.isIdentity)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 20, 20) == .black)
    }
}
