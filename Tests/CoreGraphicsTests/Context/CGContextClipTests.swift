import Testing
import CoreGraphics

/// Clipping and the graphics-state stack (Apple: the clip is part of the graphics state and
/// only narrows; `restoreGState` brings back colour, CTM and clip).
@Suite("CGContext clipping and graphics state")
struct CGContextClipTests {
    @Test func clipToRectStopsAFill() {
        let ctx = makeContext()
        ctx.clip(to: CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, user: 15, 15) == .black)
        #expect(pixel(ctx, user: 25, 15) == .clear)
        #expect(pixel(ctx, user: 15, 5) == .clear)
    }

    @Test func clipToRectsIsTheirUnionAndKeepsThePath() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.clip(to: [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 30, y: 30, width: 10, height: 10)])
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, user: 5, 5) == .black)
        #expect(pixel(ctx, user: 35, 35) == .black)
        #expect(pixel(ctx, user: 20, 20) == .clear)
    }

    @Test func clipUsingEvenOddAndReset() {
        let ctx = makeContext()
        ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        ctx.clip(using: .evenOdd)
        #expect(ctx.isPathEmpty)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, user: 20, 20) == .clear)
        #expect(pixel(ctx, user: 5, 5) == .black)
        ctx.resetClip()
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 40, height: 40))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, user: 20, 20) == .red)
    }

    @Test func clipBoxIsInUserSpace() {
        let ctx = makeContext()
        ctx.translateBy(x: 10, y: 0)
        ctx.scaleBy(x: 2, y: 2)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: -5, y: 0, width: 20, height: 20))
    }

    @Test func restoreGStateRestoresColourCTMAndClip() {
        let ctx = makeContext()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.saveGState()
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.translateBy(x: 20, y: 0)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.setAlpha(0.5)
        ctx.setLineWidth(8)
        ctx.restoreGState()
        #expect(ctx.ctm.isIdentity)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, user: 5, 30) == .red)          // outside the popped clip, full alpha
        ctx.setStrokeColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 20), CGPoint(x: 40, y: 20)])
        #expect(pixel(ctx, user: 5, 20.5).isClose(to: Pixel(128, 128, 0, 255), tolerance: 1))  // width 1: half
        #expect(pixel(ctx, user: 5, 22) == .red)
    }

    @Test func unbalancedRestoreIsIgnored() {
        let ctx = makeContext()
        ctx.translateBy(x: 3, y: 4)
        ctx.restoreGState()
        #expect(isClose(ctx.ctm, [1, 0, 0, 1, 3, 4]))
    }
}
