import Testing
import Foundation
@testable import QuartzCore
import RenderTestSupport

/// Golden frames of fixed combinations, each paired with analytic probes in the suites beside
/// it (StyleRenderTests, ShadowRenderTests, ContentsRenderTests, AnimationRenderTests).
@Suite("Render goldens", .serialized)
struct GoldenRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat, scale: CGFloat = 1) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), scale: scale)!.frame(at: 0)!
    }

    func expectGolden(_ f: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        RenderTestSupport.expectGolden(f, name, directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("Golden"), sourceLocation: sourceLocation)
    }

    @Test func cornerRadiusBorderMasksToBoundsShadow() {
        let root = makeRoot(120, 120)
        root.backgroundColor = color(0.95, 0.95, 0.9)
        let card = box(CGRect(x: 20, y: 20, width: 70, height: 70), color(0.2, 0.4, 0.9))
        card.cornerRadius = 16; card.borderWidth = 3; card.borderColor = color(0.1, 0.1, 0.2)
        card.shadowOpacity = 0.6; card.shadowRadius = 6; card.shadowOffset = CGSize(width: 6, height: 8)
        let stripe = box(CGRect(x: -10, y: 25, width: 100, height: 14), color(1, 0.8, 0.1))
        card.addSublayer(stripe)
        root.addSublayer(card)
        let clipped = box(CGRect(x: 60, y: 60, width: 50, height: 50), color(0.9, 0.2, 0.3))
        clipped.cornerRadius = 10; clipped.masksToBounds = true
        clipped.addSublayer(box(CGRect(x: 20, y: -10, width: 40, height: 40), color(0.1, 0.7, 0.3)))
        root.addSublayer(clipped)
        let f = render(root, 120, 120)
        #expect(f.rgba(60, 50).near(RGBA(255, 204, 26, 255)))   // stripe inside the card
        expectGolden(f, "radius-border-mask-shadow")
    }

    @Test func groupOpacityOnAndOff() {
        let root = makeRoot(160, 80)
        root.backgroundColor = color(1, 1, 1)
        for (i, group) in [true, false].enumerated() {
            let g = box(CGRect(x: CGFloat(i) * 80, y: 0, width: 80, height: 80), nil)
            g.opacity = 0.5; g.allowsGroupOpacity = group
            g.addSublayer(box(CGRect(x: 10, y: 10, width: 40, height: 40), color(0, 0, 1)))
            g.addSublayer(box(CGRect(x: 30, y: 30, width: 40, height: 40), color(0, 0, 1)))
            root.addSublayer(g)
        }
        let f = render(root, 160, 80)
        #expect(f.rgba(40, 40).near(RGBA(128, 128, 255, 255)))
        #expect(f.rgba(120, 40).near(RGBA(64, 64, 255, 255)))
        expectGolden(f, "group-opacity")
    }

    @Test func rotatedMaskAndPerspective() {
        let root = makeRoot(200, 100)
        let masked = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(0.8, 0.1, 0.1))
        let m = box(CGRect(x: 25, y: 25, width: 50, height: 50), color(0, 0, 0))
        m.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        masked.mask = m
        root.addSublayer(masked)
        let card = box(CGRect(x: 125, y: 25, width: 50, height: 50), color(0.1, 0.5, 0.8))
        var t = CATransform3DIdentity; t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let f = render(root, 200, 100)
        #expect(f.rgba(50, 50).near(RGBA(204, 26, 26, 255)) && f.rgba(27, 27) == .clear)
        expectGolden(f, "rotated-mask-perspective")
    }

    @Test func nineSliceAtScale2AndGeometryFlipped() {
        var bytes = [UInt8]()
        for y in 0..<16 { for x in 0..<16 {
            let edge = x < 4 || x >= 12 || y < 4 || y >= 12
            bytes += edge ? [30, 30, 60, 255] : [240, 240, 200, 255]
        } }
        let image = CGImage(width: 16, height: 16, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 64,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let root = makeRoot(100, 60)
        let panel = box(CGRect(x: 5, y: 5, width: 60, height: 40), nil)
        panel.contents = image; panel.contentsScale = 2
        panel.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        root.addSublayer(panel)
        let flipped = box(CGRect(x: 70, y: 0, width: 30, height: 60), color(0.9, 0.9, 0.9))
        flipped.isGeometryFlipped = true
        flipped.addSublayer(box(CGRect(x: 5, y: 5, width: 20, height: 10), color(0.2, 0.6, 0.2)))
        root.addSublayer(flipped)
        let f = render(root, 100, 60, scale: 2)
        #expect(f.rgba(2 * 6, 2 * 6).near(RGBA(30, 30, 60, 255)))           // 2-point corner at scale 2
        #expect(f.rgba(2 * 35, 2 * 25).near(RGBA(240, 240, 200, 255)))
        #expect(f.rgba(2 * 85, 2 * 50).near(RGBA(51, 153, 51, 255)))        // flipped: near the bottom
        expectGolden(f, "nine-slice-scale2-flipped")
    }
}
