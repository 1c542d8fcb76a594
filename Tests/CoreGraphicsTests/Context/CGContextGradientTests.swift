import Testing
import CoreGraphics

/// Linear gradients: colours interpolated along the axis (sRGB), nothing outside the start/end
/// range unless the drawing options extend it (Apple's `drawLinearGradient` docs).
@Suite("CGContext linear gradients")
struct CGContextGradientTests {
    let redToBlue = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                               colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                               locations: [0, 1])!

    /// Expected red→blue colour at fraction t, 0…255.
    func ramp(_ t: Double) -> Pixel { Pixel(Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255) }

    @Test func interpolatesAlongTheAxis() {
        // 101 pixels wide with the axis through pixel centres 0.5 … 100.5: pixel i sits at t = i/100.
        let ctx = makeContext(101, 4)
        // Both ends extended so the end pixels, whose centres sit on the end lines, are full.
        ctx.drawLinearGradient(redToBlue, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 100.5, y: 0),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        for i in [25, 50, 75] {
            #expect(pixel(ctx, i, 1).isClose(to: ramp(Double(i) / 100), tolerance: 2), "pixel \(i)")
        }
        #expect(pixel(ctx, 0, 0).isClose(to: .red, tolerance: 2))
        #expect(pixel(ctx, 100, 3).isClose(to: .blue, tolerance: 2))
    }

    @Test func verticalAxisIsYUp() {
        let ctx = makeContext(4, 101)
        ctx.drawLinearGradient(redToBlue, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 0, y: 100.5),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        // Bottom row (row 100 from the top) is the start: red; 25% up is row 75 from the top.
        #expect(pixel(ctx, 2, 100).isClose(to: .red, tolerance: 2))
        #expect(pixel(ctx, 2, 75).isClose(to: ramp(0.25), tolerance: 2))
        #expect(pixel(ctx, 2, 0).isClose(to: .blue, tolerance: 2))
    }

    @Test func optionsControlTheEnds() {
        let start = CGPoint(x: 10, y: 0), end = CGPoint(x: 30, y: 0)
        let cases: [(CGGradientDrawingOptions, Pixel, Pixel)] = [
            ([], .clear, .clear),
            (.drawsBeforeStartLocation, .red, .clear),
            (.drawsAfterEndLocation, .clear, .blue),
            ([.drawsBeforeStartLocation, .drawsAfterEndLocation], .red, .blue),
        ]
        for (options, before, after) in cases {
            let ctx = makeContext()
            ctx.drawLinearGradient(redToBlue, start: start, end: end, options: options)
            #expect(pixel(ctx, user: 3, 20) == before, "options \(options.rawValue)")
            #expect(pixel(ctx, user: 36, 20) == after, "options \(options.rawValue)")
            #expect(pixel(ctx, user: 20, 38).isClose(to: ramp(0.5 / 20 + 0.5), tolerance: 2))
        }
    }

    @Test func respectsClipAndAlphaAndKeepsPath() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: 1, y: 2))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 20))
        ctx.setAlpha(0.5)
        ctx.drawLinearGradient(redToBlue, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 40, y: 0),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(pixel(ctx, user: 0, 5).isClose(to: Pixel(126, 0, 2, 128), tolerance: 2))
        #expect(pixel(ctx, user: 0, 25) == .clear)
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 2))
    }

    @Test func nilLocationsAreEvenAndComponentsInitWorks() {
        var comps: [CGFloat] = [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]
        let g = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: &comps, locations: nil, count: 3)!
        let ctx = makeContext(101, 2)
        ctx.drawLinearGradient(g, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 100.5, y: 0), options: [])
        #expect(pixel(ctx, 50, 0).isClose(to: .green, tolerance: 2))
        #expect(pixel(ctx, 25, 0).isClose(to: Pixel(128, 128, 0, 255), tolerance: 2))
    }

    @Test func equalLocationsMakeAHardEdge() {
        let c = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                 CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let g = CGGradient(colorsSpace: nil, colors: c, locations: [0, 0.5, 0.5, 1])!
        let ctx = makeContext()
        ctx.drawLinearGradient(g, start: .zero, end: CGPoint(x: 40, y: 0), options: [])
        #expect(pixel(ctx, user: 19, 5) == .red)
        #expect(pixel(ctx, user: 21, 5) == .blue)
    }

    @Test func badInputReturnsNil() {
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black, .white], locations: [0, .nan]) == nil)
        var comps: [CGFloat] = [0, 0, 0, 1]
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: &comps, locations: nil, count: 0) == nil)
    }
}
