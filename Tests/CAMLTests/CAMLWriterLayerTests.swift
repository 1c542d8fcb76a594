import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// A layer subclass, to be written under its own class name.
final class TintLayer: CALayer {}

@Suite("CAMLWriter layers")
struct CAMLWriterLayerTests {
    @Test("a layer with Apple's defaults is written with no attributes")
    func defaultsAreNotWritten() throws {
        let text = try CAMLWriter().string(for: CALayer())
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
              <CALayer/>
            </caml>

            """)
    }

    @Test("every scalar property round-trips exactly")
    func scalarProperties() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        let l = CALayer()
        root.addSublayer(l)
        l.name = "all"
        l.bounds = CGRect(x: -1.5, y: 2, width: 390.25, height: 844)
        l.position = CGPoint(x: 0.1, y: 1e-7)
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.zPosition = -3.3
        l.anchorPointZ = 7
        l.transform = CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), .pi / 3, 0, 1, 1)
        l.sublayerTransform = CATransform3DMakeTranslation(4, 5, 6)
        l.isGeometryFlipped = true
        l.isHidden = true
        l.isDoubleSided = false
        l.opacity = 0.3
        l.isOpaque = true
        l.allowsGroupOpacity = false
        l.allowsEdgeAntialiasing = true
        l.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        l.masksToBounds = true
        l.shouldRasterize = true
        l.rasterizationScale = 3
        l.drawsAsynchronously = true
        l.contentsRect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)
        l.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        l.contentsGravity = .resizeAspectFill
        l.contentsScale = 3
        l.contentsFormat = .RGBA16Float
        l.minificationFilter = .nearest
        l.magnificationFilter = .trilinear
        l.minificationFilterBias = 0.7
        l.needsDisplayOnBoundsChange = true
        l.borderWidth = 2.5
        l.cornerRadius = 12
        l.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        l.cornerCurve = .continuous
        l.shadowOpacity = 0.45
        l.shadowOffset = CGSize(width: 3, height: -4)
        l.shadowRadius = 9
        l.autoresizingMask = [.layerWidthSizable, .layerMaxYMargin]
        l.beginTime = 1e-100
        l.duration = 2
        l.speed = 0.5
        l.timeOffset = 0.125
        l.repeatCount = .infinity
        l.autoreverses = true
        l.fillMode = .both
        let (text, back) = try writeAndRead(root)
        #expect(layerDifferences(root, back, rootPosition: false) == [])
        #expect(back.sublayers?.first?.position == CGPoint(x: 0.1, y: 1e-7))
        #expect(text.contains("opacity=\"0.3\""))
        #expect(text.contains("repeatCount=\"inf\""))
        #expect(text.contains("bounds=\"-1.5 2 390.25 844\""))
    }

    @Test("colours with alpha, gray colours, and a nil shadow colour round-trip")
    func colors() throws {
        let l = CALayer()
        l.backgroundColor = CGColor(red: 0.898, green: 0.9059, blue: 0.9216, alpha: 1)
        l.borderColor = CGColor(gray: 0.25, alpha: 0.5)
        l.shadowColor = nil
        let (text, back) = try writeAndRead(l)
        #expect(text.contains("backgroundColor=\"0.898 0.9059 0.9216\""))
        #expect(text.contains("borderColor=\"0.25 0.25 0.25 0.5\""))
        #expect(text.contains("<shadowColor type=\"NSNull\"/>"))
        #expect(back.backgroundColor?.components == [0.898, 0.9059, 0.9216, 1])
        #expect(back.borderColor?.components == [0.25, 0.25, 0.25, 0.5])
        #expect(back.shadowColor == nil)
        #expect(layerDifferences(l, back, rootPosition: false) == [])
    }

    @Test("contents images come back pixel for pixel, translucent pixels included")
    func contents() throws {
        let image = writerImage(5, 3) { x, y in (UInt8(x * 50), UInt8(y * 100), 77, x == 4 ? 128 : 255) }
        let l = CALayer()
        l.contents = image
        let (text, back) = try writeAndRead(l)
        #expect(text.contains("<CGImage src=\"data:image/png;base64,"))
        let img = try #require(back.contents as? CGImage)
        #expect(img.width == 5 && img.height == 3)
        #expect(samePixels(img, image))
        #expect(pixel(img, 1, 2).g == 200)
        #expect(pixel(img, 4, 0).a == 128)
    }

    @Test("sublayers keep their back-to-front order; masks come back")
    func sublayersAndMask() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        for i in 0..<4 {
            let s = CALayer()
            s.name = "s\(i)"
            s.position = CGPoint(x: i * 10, y: 0)
            root.addSublayer(s)
        }
        let inner = CALayer()
        inner.name = "inner"
        root.sublayers![2].addSublayer(inner)
        let mask = CALayer()
        mask.name = "mask"
        mask.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.mask = mask
        let (_, back) = try writeAndRead(root)
        #expect(back.sublayers?.map(\.name) == ["s0", "s1", "s2", "s3"])
        #expect(back.sublayers?[2].sublayers?.first?.name == "inner")
        #expect(back.mask?.name == "mask")
        #expect(layerDifferences(root, back, rootPosition: false) == [])
    }

    @Test("a layer subclass is written under its class name and read back with layerClasses")
    func layerClasses() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let t = TintLayer()
        t.name = "tint"
        root.addSublayer(t)
        let text = try CAMLWriter().string(for: root)
        #expect(text.contains("<TintLayer name=\"tint\"/>"), "\(text)")
        let s = try CAMLScene.load(camlData: Data(text.utf8),
                                   options: CAMLReadOptions(layerClasses: ["TintLayer": { TintLayer() }]))
        #expect(s.rootLayer.sublayers?.first is TintLayer)
        #expect(s.warnings.isEmpty)
    }

    @Test("what has no CAML form is left out with a warning")
    func leftOut() throws {
        let l = CALayer()
        l.contents = "not an image"
        let writer = CAMLWriter()
        let text = try writer.string(for: l)
        #expect(!text.contains("contents"))
        #expect(writer.warnings.map(\.message).contains { $0.contains("contents of type String") })
    }
}
