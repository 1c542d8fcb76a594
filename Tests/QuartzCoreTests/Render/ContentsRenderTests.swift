import Testing
import Foundation
@testable import QuartzCore

/// Contents images and drawn backing stores: gravity, contentsRect, contentsCenter, contentsScale,
/// filters, orientation (https://developer.apple.com/documentation/quartzcore/calayer/contents,
/// https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity).
@Suite("Render contents", .serialized)
struct ContentsRenderTests {
    /// A w×h RGBA image whose top half is red and bottom half blue (row 0 = top).
    func twoBand(_ w: Int, _ h: Int) -> CGImage {
        var bytes = [UInt8]()
        for y in 0..<h { for _ in 0..<w { bytes += y < h / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                       provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)!
    }

    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat, flipped: Bool = true, scale: CGFloat = 1) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), scale: scale, flipped: flipped)!.frame(at: 0)!
    }

    @Test func imagesAreUprightInBothHostFlips() {
        for flipped in [true, false] {
            let root = makeRoot(20, 20)
            let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
            l.contents = twoBand(20, 20)
            root.addSublayer(l)
            let f = render(root, 20, 20, flipped: flipped)
            #expect(f.rgba(10, 2) == .red, "flipped \(flipped)")      // the image's top is at the top
            #expect(f.rgba(10, 17) == .blue, "flipped \(flipped)")
        }
    }

    /// The destination rectangle of every gravity for a 10×6-point image in a 40×30 layer
    /// (points, layer space with y down as in a flipped host, where `top` is minY).
    @Test func everyGravityDestination() {
        let b = CGRect(x: 0, y: 0, width: 40, height: 30), s = CGSize(width: 10, height: 6)
        func d(_ g: CALayerContentsGravity, flipped: Bool = true) -> CGRect {
            ContentsLayout.destination(gravity: g, contentSize: s, bounds: b, topIsMinY: flipped)
        }
        #expect(d(.resize) == b)
        #expect(d(.center) == CGRect(x: 15, y: 12, width: 10, height: 6))
        #expect(d(.top) == CGRect(x: 15, y: 0, width: 10, height: 6))
        #expect(d(.top, flipped: false) == CGRect(x: 15, y: 24, width: 10, height: 6))
        #expect(d(.bottom) == CGRect(x: 15, y: 24, width: 10, height: 6))
        #expect(d(.left) == CGRect(x: 0, y: 12, width: 10, height: 6))
        #expect(d(.right) == CGRect(x: 30, y: 12, width: 10, height: 6))
        #expect(d(.topLeft) == CGRect(x: 0, y: 0, width: 10, height: 6))
        #expect(d(.topRight) == CGRect(x: 30, y: 0, width: 10, height: 6))
        #expect(d(.bottomLeft) == CGRect(x: 0, y: 24, width: 10, height: 6))
        #expect(d(.bottomRight) == CGRect(x: 30, y: 24, width: 10, height: 6))
        #expect(d(.resizeAspect) == CGRect(x: 0, y: 3, width: 40, height: 24))
        #expect(d(.resizeAspectFill) == CGRect(x: -5, y: 0, width: 50, height: 30))
    }

    @Test func topGravityUnderBothHostFlips() {
        for flipped in [true, false] {
            let root = makeRoot(40, 40)
            let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            l.contents = twoBand(10, 10); l.contentsGravity = .top
            root.addSublayer(l)
            let f = render(root, 40, 40, flipped: flipped)
            // `top` is the top of the screen in both hosts (contentsAreFlipped() follows the host).
            #expect(f.rgba(20, 2) == .red, "flipped \(flipped)")
            #expect(f.rgba(20, 8) == .blue, "flipped \(flipped)")
            #expect(f.rgba(20, 30) == .clear, "flipped \(flipped)")
        }
    }

    @Test func contentsScaleSetsTheNaturalSize() {
        let root = makeRoot(40, 40)
        let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        l.contents = twoBand(20, 20); l.contentsScale = 2; l.contentsGravity = .topLeft
        root.addSublayer(l)
        let f = render(root, 40, 40)
        #expect(f.rgba(5, 2) == .red && f.rgba(5, 7) == .blue && f.rgba(12, 5) == .clear)
    }

    @Test func contentsRectShowsPartOfTheImage() {
        let root = makeRoot(20, 20)
        let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        l.contents = twoBand(20, 20)
        l.contentsRect = CGRect(x: 0, y: 0.5, width: 1, height: 0.5)   // the bottom (blue) half
        root.addSublayer(l)
        let f = render(root, 20, 20)
        #expect(f.rgba(10, 2) == .blue && f.rgba(10, 17) == .blue)
    }

    @Test func nineSliceKeepsCornersAtContentsScale2() {
        // A 20×20-pixel image at scale 2 (10×10 points) with a 1-pixel... corners of 8 px = 4 pt.
        var bytes = [UInt8]()
        for y in 0..<20 { for x in 0..<20 {
            let corner = (x < 8 || x >= 12) && (y < 8 || y >= 12)
            bytes += corner ? [255, 0, 0, 255] : [0, 255, 0, 255]
        } }
        let image = CGImage(width: 20, height: 20, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 80,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let slices = ContentsLayout.nineSlices(source: CGRect(x: 0, y: 0, width: 20, height: 20),
                                               destination: CGRect(x: 0, y: 0, width: 60, height: 40),
                                               center: CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), scale: 2)
        #expect(slices.count == 9)
        #expect(slices[0].destination == CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(slices[4].destination == CGRect(x: 4, y: 4, width: 52, height: 32))
        #expect(slices[8].destination == CGRect(x: 56, y: 36, width: 4, height: 4))
        let root = makeRoot(60, 40)
        let l = box(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        l.contents = image; l.contentsScale = 2; l.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        l.magnificationFilter = .nearest
        root.addSublayer(l)
        let f = render(root, 60, 40)
        dump(f, "nineSlice")
        #expect(f.rgba(1, 1) == .red && f.rgba(58, 38) == .red)     // corners stay 4 points
        #expect(f.rgba(6, 1) == .green && f.rgba(30, 20) == .green)  // edges and centre stretch
    }

    @Test func nearestVersusLinearMagnification() {
        func scene(_ filter: CALayerContentsFilter) -> PixelBuffer {
            let root = makeRoot(40, 40)
            let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            l.contents = twoBand(2, 2); l.magnificationFilter = filter
            root.addSublayer(l)
            return render(root, 40, 40)
        }
        let n = scene(.nearest), b = scene(.linear)
        #expect(n.rgba(20, 19) == .red && n.rgba(20, 20) == .blue)
        #expect(b.rgba(20, 19).r > 100 && b.rgba(20, 19).b > 100)      // blended across the seam
    }

    final class Painter: NSObject, CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))   // at the bounds' origin corner
        }
    }

    @Test func delegateDrawingFillsTheBackingStore() {
        for flipped in [true, false] {
            let root = makeRoot(40, 40)
            let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
            let painter = Painter()
            l.delegate = painter; l.contentsScale = 2
            root.addSublayer(l)
            let renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40), flipped: flipped)!
            l.setNeedsDisplay()
            let f = renderer.frame(at: 0)!
            #expect(l.backingStore?.texture.width == 80)            // bounds × contentsScale
            // The context's user space is the bounds space: (0,0)-(10,10) lands where the
            // layer's origin is — the top-left in a flipped host, bottom-left otherwise.
            let y = flipped ? 5 : 35
            #expect(f.rgba(5, y) == .red, "flipped \(flipped)")
            #expect(f.rgba(30, 40 - y) == .clear, "flipped \(flipped)")
            #expect(l.contentsAreFlipped() == flipped)
        }
    }

    final class Counter: NSObject, CALayerDelegate {
        var clips: [CGRect] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            clips.append(ctx.boundingBoxOfClipPath)
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: CGFloat(clips.count) / 2, alpha: 1))
            ctx.fill(layer.bounds)
        }
    }

    @Test func partialRedrawOnlyTouchesTheDirtyRect() {
        let root = makeRoot(40, 40)
        let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let counter = Counter(); l.delegate = counter
        root.addSublayer(l)
        let renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40))!
        l.setNeedsDisplay()
        _ = renderer.frame(at: 0)
        let generation = l.backingStore!.texture.generation
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        let f = renderer.frame(at: 0.1)!
        #expect(counter.clips.count == 2)
        #expect(counter.clips[1] == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(l.backingStore!.texture.generation == generation + 1)
        #expect(f.rgba(5, 5) == RGBA(0, 0, 255, 255))       // redrawn
        #expect(f.rgba(30, 30) == RGBA(0, 0, 128, 255))     // kept from the first draw
    }
}

/// A custom animatable key drawn by `draw(in:)`: the frame shows the animated value, redrawn
/// every frame (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:)).
@Suite("Render animated custom keys", .serialized)
struct AnimatedCustomKeyRenderTests {
    final class ProgressLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
        var progress: CGFloat { (value(forKey: "progress") as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0 }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    @Test func theBarGrowsWithTheAnimatedValue() {
        let root = makeRoot(100, 10)
        let bar = ProgressLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.setValue(0.0, forKey: "progress")
        root.addSublayer(bar)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 10))!
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        r.host.withClock { bar.add(a, forKey: "grow") }
        let f = r.frame(at: 0.5)!
        #expect(f.rgba(45, 5) == .red && f.rgba(55, 5) == .clear)
        let g = r.frame(at: 0.8)!
        #expect(g.rgba(75, 5) == .red && g.rgba(85, 5) == .clear)
    }
}
