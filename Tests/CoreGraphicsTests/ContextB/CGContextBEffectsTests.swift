import Testing
import CoreGraphics
@testable import CoreGraphics
import CQuartzCairo

/// The effects together, on targets other than a cairo-native bitmap.
@Suite("CGContextB effects on other targets")
struct CGContextBEffectsTests {
    /// RGBA bytes (premultipliedLast, big-endian order) are converted back after each paint,
    /// shadow included.
    @Test func shadowReachesAConvertedBitmap() throws {
        let ctx = try #require(CGContext(data: nil, width: 60, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        cbFillRect(ctx, CGRect(x: 10, y: 30, width: 20, height: 20), (1, 0, 0, 1))
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + (59 - 25) * ctx.bytesPerRow + 4 * 35
        #expect([p[0], p[1], p[2], p[3]] == [0, 0, 255, 255])
    }

    @Test func everyEffectDrawsIntoAPDFPage() throws {
        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 200, height: 200)
        let ctx = try #require(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        ctx.setShadow(offset: CGSize(width: 4, height: -4), blur: 6)
        cbFillRect(ctx, CGRect(x: 20, y: 20, width: 50, height: 50), (1, 0, 0, 1))
        ctx.setBlendMode(.multiply)
        ctx.drawText("PDF text", at: CGPoint(x: 20, y: 150), fontSize: 18)
        let mask = CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(alphaInfo: .none),
                           provider: CGDataProvider(data: Data([0, 255])), decode: nil, shouldInterpolate: false,
                           intent: .defaultIntent)!
        ctx.clip(to: CGRect(x: 100, y: 20, width: 80, height: 80), mask: mask)
        let stops = GradientStops(locations: [0, 1], colors: [(1, 1, 0, 1), (0, 0.5, 0, 1)])
        ctx.drawRadialGradient(stops: stops, startCenter: CGPoint(x: 140, y: 60), startRadius: 5,
                               endCenter: CGPoint(x: 140, y: 60), endRadius: 40, drawsBeforeStart: true, drawsAfterEnd: false)
        ctx.setBlendMode(.sourceIn)
        cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), (0, 0, 1, 1))
        #expect(cairo_status(ctx.cr) == CAIRO_STATUS_SUCCESS)
        ctx.endPDFPage()
        ctx.closePDF()
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-") && text.hasSuffix("%%EOF\n"))
        #expect(text.contains("/FontFile"))  // the text's font is embedded
        #expect(text.contains("/SMask"))     // shadow and mask clip are soft masks
    }
}
