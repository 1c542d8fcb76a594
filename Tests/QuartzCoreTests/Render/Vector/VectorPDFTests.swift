import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `render(in:)` into PDF contexts draws vectors (paths, not one page-sized image): checked on
/// the document's structure (image XObjects, transparency groups, soft masks, fonts).
@Suite("Vector render(in:) into PDF", .serialized)
struct VectorPDFTests: VectorPDFWriting {
    func styledTree() -> CALayer {
        let root = box(CGRect(x: 0, y: 0, width: 300, height: 200), color(0.9, 0.9, 1))
        root.cornerRadius = 24
        root.borderWidth = 4
        root.borderColor = color(0, 0, 0.5)
        root.masksToBounds = true
        let group = box(CGRect(x: 40, y: 40, width: 200, height: 120), color(1, 1, 1))
        group.opacity = 0.6
        group.addSublayer(box(CGRect(x: 10, y: 10, width: 100, height: 100), color(1, 0, 0)))
        group.addSublayer(box(CGRect(x: 80, y: 10, width: 100, height: 100), color(0, 0, 1)))
        root.addSublayer(group)
        return root
    }

    @Test func styledLayersBecomePathsNotAnImage() throws {
        let text = try pdf(styledTree(), CGSize(width: 300, height: 200))
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/MediaBox [ 0 0 300 200 ]"))
        #expect(imageCount(text) == 0)
        // Group opacity is a PDF transparency group.
        #expect(text.contains("/S /Transparency"))
        // The same tree drawn as a bitmap is an image and several times larger.
        let raster = try pdf(styledTree(), CGSize(width: 300, height: 200)) { ctx in
            let image = CGContext(data: nil, width: 600, height: 400, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            image.scaleBy(x: 2, y: 2)
            self.styledTree().render(in: image)
            ctx.draw(image.makeImage()!, in: CGRect(x: 0, y: 0, width: 300, height: 200))
        }
        #expect(imageCount(raster) >= 1)
        #expect(text.utf8.count * 3 < raster.utf8.count, "vector \(text.utf8.count) B, raster \(raster.utf8.count) B")
    }

    @Test func contentsImagesAreEmbeddedAndMasksAreSoftMasks() throws {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let pic = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let bytes = [UInt8](repeating: 200, count: 8 * 8 * 4)
        pic.contents = CGImage(width: 8, height: 8, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 32,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                               provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                               intent: .defaultIntent)
        let m = box(CGRect(x: 20, y: 20, width: 60, height: 60), color(0, 0, 0))
        m.cornerRadius = 30
        pic.mask = m
        root.addSublayer(pic)
        let text = try pdf(root, CGSize(width: 100, height: 100))
        #expect(imageCount(text) >= 1)
        #expect(text.contains("/SMask"))
    }

    final class Scribble: NSObject, CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setStrokeColor(CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))
            ctx.setLineWidth(3)
            ctx.move(to: CGPoint(x: 5, y: 5))
            ctx.addCurve(to: CGPoint(x: 95, y: 95), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 0, y: 90))
            ctx.strokePath()
        }
    }

    @Test func delegateDrawingStaysVector() throws {
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
        let d = Scribble()
        l.delegate = d
        l.setNeedsDisplay()
        let text = try pdf(l, CGSize(width: 100, height: 100))
        #expect(imageCount(text) == 0)
        withExtendedLifetime(d) {}
    }


    final class Label: NSObject, CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.drawText("Vector", at: CGPoint(x: 10, y: 20), fontName: nil, fontSize: 24, color: nil)
        }
    }

    @Test func delegateTextIsEmbeddedAsAFont() throws {
        let l = box(CGRect(x: 0, y: 0, width: 120, height: 60), nil)
        let d = Label()
        l.delegate = d
        l.setNeedsDisplay()
        let text = try pdf(l, CGSize(width: 120, height: 60))
        #expect(text.contains("/Type /Font"))
        #expect(imageCount(text) == 0)
        withExtendedLifetime(d) {}
    }


    @Test func absurdGeometryNeitherCrashesNorAllocatesWithoutBound() throws {
        let root = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(1, 0, 0))
        let huge = box(CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12), color(0, 1, 0))
        huge.cornerRadius = 1e300
        huge.borderWidth = 1e300
        huge.borderColor = color(0, 0, 1)
        huge.shadowOpacity = 1
        huge.shadowRadius = 1e308
        huge.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 1e15, height: 1e15), transform: nil)
        let card = box(CGRect(x: 10, y: 10, width: 50, height: 50), color(0, 0, 1))
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        card.transform = CATransform3DRotate(t, 1.2, 0, 1, 0)
        card.mask = box(CGRect(x: 0, y: 0, width: 1e9, height: 1e9), color(0, 0, 0))
        root.addSublayer(huge); root.addSublayer(card)
        let text = try pdf(root, CGSize(width: 100, height: 100))
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/MediaBox [ 0 0 100 100 ]"))
    }
}
