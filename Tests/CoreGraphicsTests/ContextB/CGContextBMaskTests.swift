import Testing
import CoreGraphics
@testable import CoreGraphics

@Suite("CGContextB clip to mask")
struct CGContextBMaskTests {
    func grayImage(_ w: Int, _ h: Int, _ bytes: [UInt8]) -> CGImage {
        CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: w,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(alphaInfo: .none),
                provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: false,
                intent: .defaultIntent)!
    }

    /// A 2×1 gray mask (black | white) over a 20×10 context: paint passes on the right only.
    @Test func grayMaskUsesLuminance() {
        let ctx = cbMakeContext(20, 10)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 10), mask: grayImage(2, 1, [0, 255]))
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 20, height: 10), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 0, 0, 0), tol: 0))
        #expect(cbClose(cbPixel(ctx, 15, 5), (255, 0, 0, 255), tol: 0))
    }

    @Test func midGrayLetsHalfThrough() {
        let ctx = cbMakeContext(10, 10)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: grayImage(1, 1, [128]))
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 0, 0, 128), tol: 1))
    }

    /// Image masks have the inverted sense: sample 0 paints.
    @Test func imageMaskIsInverted() {
        let mask = CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           provider: CGDataProvider(data: Data([0, 255])), decode: nil, shouldInterpolate: false)!
        let ctx = cbMakeContext(20, 10)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 10), mask: mask)
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 20, height: 10), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (255, 0, 0, 255), tol: 0))
        #expect(cbClose(cbPixel(ctx, 15, 5), (0, 0, 0, 0), tol: 0))
    }

    /// The mask's first row lies along the rectangle's top: white top row paints the upper half.
    @Test func maskIsUprightAndConfinedToRect() {
        let ctx = cbMakeContext(20, 20)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: grayImage(1, 2, [255, 0]))
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 20, height: 20), (0, 0, 1, 1))
        #expect(cbClose(cbPixel(ctx, 5, 7), (0, 0, 255, 255), tol: 0))
        #expect(cbClose(cbPixel(ctx, 5, 2), (0, 0, 0, 0), tol: 0))
        #expect(cbClose(cbPixel(ctx, 15, 7), (0, 0, 0, 0), tol: 0))  // outside the rectangle
        #expect(cbClose(cbPixel(ctx, 5, 15), (0, 0, 0, 0), tol: 0))
    }

    @Test func masksIntersectAndRestoreRemovesThem() {
        let ctx = cbMakeContext(20, 10)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 10), mask: grayImage(2, 1, [0, 255]))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 10), mask: grayImage(1, 1, [128]))
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 20, height: 10), (1, 0, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 0, 0, 0), tol: 0))
        #expect(cbClose(cbPixel(ctx, 15, 5), (128, 0, 0, 128), tol: 1))
        ctx.restoreGState()
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 20, height: 10), (0, 1, 0, 1))
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 255, 0, 255), tol: 0))
    }

    @Test func emptyRectClipsEverything() {
        let ctx = cbMakeContext(10, 10)
        ctx.clip(to: .zero, mask: grayImage(1, 1, [255]))
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), (1, 0, 0, 1))
        #expect(cbPixel(ctx, 5, 5).a == 0)
    }
}
