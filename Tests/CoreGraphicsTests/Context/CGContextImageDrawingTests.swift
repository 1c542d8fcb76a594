import Testing
import CoreGraphics

/// `draw(_:in:byTiling:)`: images land upright in y-up user space (top row at `rect.maxY`),
/// interpolation follows `interpolationQuality`, edges are padded, masks paint the fill colour.
@Suite("CGContext image drawing")
struct CGContextImageDrawingTests {
    /// Top row red, green; bottom row blue, white.
    let quad = makeImage([[.red, .green], [.blue, .white]])

    @Test func imageIsUpright() {
        let ctx = makeContext()
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        // Rows from the top of the bitmap: the image's top row comes first.
        #expect(pixel(ctx, 5, 5) == .red)
        #expect(pixel(ctx, 35, 5) == .green)
        #expect(pixel(ctx, 5, 35) == .blue)
        #expect(pixel(ctx, 35, 35) == .white)
    }

    @Test func noneInterpolationKeepsHardEdges() {
        let ctx = makeContext(20, 20)
        ctx.interpolationQuality = .none
        #expect(ctx.interpolationQuality == .none)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(pixel(ctx, 9, 0) == .red)
        #expect(pixel(ctx, 10, 0) == .green)
        #expect(pixel(ctx, 9, 9) == .red)
        #expect(pixel(ctx, 9, 10) == .blue)
        #expect(pixel(ctx, 10, 10) == .white)
    }

    @Test func bilinearBlendsInsideButPadsEdges() {
        let ctx = makeContext(20, 20)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        // Pixel 9's centre (9.5) is 0.05 of a source pixel left of the boundary between red
        // and green: a blend of both.
        let p = pixel(ctx, 9, 0)
        #expect(p.r > 100 && p.r < 200 && p.g > 50 && p.g < 160)
        // Edge pixels keep the image's own colour (padded edges, no fade to transparent).
        #expect(pixel(ctx, 0, 0) == .red)
        #expect(pixel(ctx, 19, 19) == .white)
    }

    @Test func drawsOnlyInsideRectAndKeepsPath() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: 3, y: 3))
        ctx.draw(quad, in: CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(ctx.currentPointOfPath == CGPoint(x: 3, y: 3))
        #expect(pixel(ctx, user: 12, 28) == .red)
        #expect(pixel(ctx, user: 28, 12) == .white)
        #expect(pixel(ctx, user: 9, 20) == .clear)
        #expect(pixel(ctx, user: 20, 31) == .clear)
    }

    @Test func globalAlphaApplies() {
        let ctx = makeContext()
        ctx.setAlpha(0.5)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 5, 5).isClose(to: Pixel(128, 0, 0, 128), tolerance: 1))
    }

    @Test func tilingRepeatsAtRectSize() {
        let ctx = makeContext(16, 16)
        ctx.interpolationQuality = .none
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 4, height: 4), byTiling: true)
        // Tiles of 4×4 whose origin is user (0, 0) = the bottom-left; 16 is a multiple of 4,
        // so every tile starts with the image's top row at a row multiple of 4 from the top.
        #expect(pixel(ctx, 0, 0) == .red)
        #expect(pixel(ctx, 2, 0) == .green)
        #expect(pixel(ctx, 4, 0) == .red)
        #expect(pixel(ctx, 14, 14) == .white)
        #expect(pixel(ctx, 8, 10) == .blue)
    }

    @Test func maskPaintsFillColourThroughCoverage() {
        // Image-mask samples: 0 paints, 255 blocks (Quartz 2D guide).
        let mask = CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           provider: CGDataProvider(data: Data([0, 255])), decode: nil, shouldInterpolate: false)!
        let ctx = makeContext()
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.draw(mask, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 5, 20) == .blue)
        #expect(pixel(ctx, 35, 20) == .clear)
    }

    @Test func alphaOnlyImagePaintsFillColour() {
        let img = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 1,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(alphaInfo: .alphaOnly),
                          provider: CGDataProvider(data: Data([128])), decode: nil, shouldInterpolate: true,
                          intent: .defaultIntent)!
        let ctx = makeContext()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.draw(img, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(ctx, 20, 20).isClose(to: Pixel(128, 0, 0, 128), tolerance: 1))
    }

    @Test func makeImageSnapshotIsFrozen() {
        let ctx = makeContext(4, 4)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let snap = ctx.makeImage()!
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // Draw the snapshot into a fresh context to read it back.
        let check = makeContext(4, 4)
        check.draw(snap, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(pixel(check, 1, 1) == .red)
        #expect(pixel(ctx, 1, 1) == .blue)
        #expect(snap.width == 4 && snap.height == 4 && snap.bytesPerRow == ctx.bytesPerRow)
    }

    @Test func emptyRectDrawsNothing() {
        let ctx = makeContext()
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 0, height: 40))
        ctx.draw(quad, in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        #expect(pixel(ctx, 0, 0) == .clear)
    }
}
