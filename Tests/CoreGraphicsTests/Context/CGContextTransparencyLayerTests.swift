import Testing
import CoreGraphics
import Foundation

/// `beginTransparencyLayer` / `endTransparencyLayer`
/// (https://developer.apple.com/documentation/coregraphics/cgcontext/begintransparencylayer(auxiliaryinfo:)).
@Suite("CGContext transparency layers")
struct CGContextTransparencyLayerTests {
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// Red 0…30 and blue 20…50 squares (y 0…30): they overlap on x 20…30.
    func drawPair(_ ctx: CGContext) {
        ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.setFillColor(blue); ctx.fill(CGRect(x: 20, y: 0, width: 30, height: 30))
    }

    @Test func layerAlphaAppliesToTheCompositeNotToEachShape() {
        let grouped = cbMakeContext(60, 40)
        grouped.setAlpha(0.5)
        grouped.beginTransparencyLayer(auxiliaryInfo: nil)
        drawPair(grouped)
        grouped.endTransparencyLayer()
        // Inside the layer blue covers red; the composite is then half transparent.
        #expect(cbClose(cbPixel(grouped, 25, 10), (0, 0, 128, 128)))
        #expect(cbClose(cbPixel(grouped, 5, 10), (128, 0, 0, 128)))
        #expect(cbClose(cbPixel(grouped, 55, 10), (0, 0, 0, 0)))

        let separate = cbMakeContext(60, 40)
        separate.setAlpha(0.5)
        drawPair(separate)
        // Each shape at half alpha: blue 0.5 over red 0.5 = (0.25, 0, 0.5, 0.75) premultiplied.
        #expect(cbClose(cbPixel(separate, 25, 10), (64, 0, 128, 191)))
    }

    @Test func insideTheLayerAlphaShadowAndBlendAreReset() {
        let ctx = cbMakeContext(60, 40)
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.multiply)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        // Alpha 1 and normal blending inside: blue replaces red in the overlap.
        drawPair(ctx)
        ctx.endTransparencyLayer()
        // Composited with multiply over a transparent backdrop = the source itself.
        #expect(cbClose(cbPixel(ctx, 25, 10), (0, 0, 128, 128)))
    }

    @Test func theCompositeCastsOneShadow() {
        let ctx = cbMakeContext(80, 60)
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0,
                      color: CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red); ctx.fill(CGRect(x: 10, y: 20, width: 20, height: 20))
        ctx.setFillColor(blue); ctx.fill(CGRect(x: 25, y: 20, width: 20, height: 20))
        ctx.endTransparencyLayer()
        // Shapes at x 10…45, y 20…40; the shadow at x 20…55, y 10…30, under the shapes.
        #expect(cbClose(cbPixel(ctx, 50, 15), (0, 0, 0, 255)))   // shadow only
        #expect(cbClose(cbPixel(ctx, 15, 35), (255, 0, 0, 255)))  // red over nothing
        #expect(cbClose(cbPixel(ctx, 40, 25), (0, 0, 255, 255)))  // blue over shadow
        #expect(cbClose(cbPixel(ctx, 5, 5), (0, 0, 0, 0)))
    }

    @Test func boundedLayerClipsItsContent() {
        let ctx = cbMakeContext(60, 40)
        ctx.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 10, height: 40), auxiliaryInfo: nil)
        ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 40))
        ctx.endTransparencyLayer()
        #expect(cbClose(cbPixel(ctx, 5, 5), (255, 0, 0, 255)))
        #expect(cbClose(cbPixel(ctx, 15, 5), (0, 0, 0, 0)))
        // The bound and the fill colour set inside end with the layer (default black again).
        ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(cbClose(cbPixel(ctx, 15, 5), (0, 0, 0, 255)))
    }

    @Test func unbalancedCallsAreIgnoredAndNestedLayersWork() {
        let ctx = cbMakeContext(40, 40)
        ctx.endTransparencyLayer()                       // no layer: ignored
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.restoreGState()                              // cannot pop the layer's own state
        ctx.saveGState()                                 // left open: unwound by the end
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 40))
        ctx.endTransparencyLayer()
        ctx.endTransparencyLayer()
        #expect(cbClose(cbPixel(ctx, 5, 5), (128, 0, 0, 128)))
        // The alpha set before the layer is back in force.
        ctx.setFillColor(blue); ctx.fill(CGRect(x: 20, y: 0, width: 20, height: 40))
        #expect(cbClose(cbPixel(ctx, 25, 5), (0, 0, 128, 128)))
    }

    @Test func pdfLayerIsATransparencyGroupAndAnOpenLayerEndsWithThePage() throws {
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        var box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let ctx = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        drawPair(ctx)
        ctx.endPDFPage()                                 // ends the open layer first
        ctx.closePDF()
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/S /Transparency"))
    }
}
