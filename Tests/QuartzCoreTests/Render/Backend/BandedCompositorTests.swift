import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The root pass drawn in horizontal bands on several threads is byte-for-byte the
/// single-threaded frame (CPUCompositor+Bands).
@Suite("Banded compositor")
struct BandedCompositorTests {
    /// Everything that takes a different path: rotated and perspective layers (hard and soft
    /// edges), rounded corners, a border, a shadow, a mask, group opacity, contents scaled with
    /// trilinear filtering, a CATransformLayer cube and a rasterized layer.
    func scene() -> CALayer {
        let root = makeRoot(400, 300)
        root.backgroundColor = color(0.95, 0.95, 0.9)
        for i in 0..<12 {
            let l = box(CGRect(x: 20 + CGFloat(i % 4) * 90, y: 15 + CGFloat(i / 4) * 95, width: 70, height: 60),
                        color(CGFloat(i) / 12, 0.4, 1 - CGFloat(i) / 12, i % 3 == 0 ? 0.7 : 1))
            l.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(i) * 0.37))
            l.cornerRadius = CGFloat(i % 3) * 6
            l.allowsEdgeAntialiasing = i % 2 == 0
            if i % 4 == 1 { l.borderWidth = 4; l.borderColor = color(0, 0, 0) }
            if i % 5 == 2 { l.shadowOpacity = 0.5; l.shadowRadius = 5 }
            root.addSublayer(l)
        }
        let card = box(CGRect(x: 150, y: 100, width: 120, height: 90), color(0.1, 0.6, 0.3))
        var t = CATransform3DIdentity; t.m34 = -1.0 / 400
        card.transform = CATransform3DRotate(t, 1.0, 0.3, 1, 0)
        card.opacity = 0.8
        card.addSublayer(box(CGRect(x: 10, y: 10, width: 60, height: 40), color(1, 1, 0)))
        let m = box(CGRect(x: 20, y: 10, width: 80, height: 70), color(0, 0, 0))
        m.cornerRadius = 30
        card.mask = m
        root.addSublayer(card)
        var bytes = [UInt8]()
        for y in 0..<64 { for x in 0..<64 { bytes += [UInt8(x * 4), UInt8(y * 4), 128, 255] } }
        let image = CGImage(width: 64, height: 64, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 256,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let picture = box(CGRect(x: 300, y: 200, width: 27, height: 23), nil)
        picture.contents = image; picture.minificationFilter = .trilinear
        picture.setAffineTransform(CGAffineTransform(rotationAngle: 0.2))
        picture.shouldRasterize = true
        root.addSublayer(picture)
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        cube.position = CGPoint(x: 60, y: 240)
        cube.transform = CATransform3DMakeRotation(0.5, 1, 1, 0)
        for k in 0..<4 {
            let f = box(CGRect(x: 0, y: 0, width: 50, height: 50), color(CGFloat(k) / 4, 0.2, 0.8))
            f.position = CGPoint(x: 30, y: 30)
            f.transform = CATransform3DTranslate(CATransform3DMakeRotation(CGFloat(k) * .pi / 2, 0, 1, 0), 0, 0, 25)
            cube.addSublayer(f)
        }
        root.addSublayer(cube)
        return root
    }

    @Test(arguments: [2, 3, 4])
    func bandsDrawTheSameBytesAsOneThread(threads: Int) throws {
        let r = CAOffscreenRenderer(rootLayer: scene(), size: CGSize(width: 400, height: 300))!
        _ = r.frame(at: 0)                                 // fills the raster cache: hit next time
        for _ in 0..<2 {
            let passes = r.makePasses(at: 0)
            var single = try #require(PixelBuffer(width: 400, height: 300))
            try CPUCompositor(threadCount: 1).draw(passes, into: &single)
            var banded = try #require(PixelBuffer(width: 400, height: 300))
            let compositor = CPUCompositor(threadCount: threads)
            #expect(compositor.bandCount(rows: 300) == threads)
            try compositor.draw(passes, into: &banded)
            #expect(single.words == banded.words)
            #expect(single.count { $0.a > 0 } == 400 * 300)  // the scene was drawn at all
        }
    }

    /// Affine layers only (so each thread takes several bands): rotated, rounded, bordered,
    /// shadowed boxes, a scaled image, and an image sliding in from below the target by
    /// sub-pixel steps (its resampled bitmap is made once it was drawn the frame before).
    func affineScene() -> (root: CALayer, slider: CALayer) {
        let root = makeRoot(400, 300)
        root.backgroundColor = color(0.95, 0.95, 0.9)
        for i in 0..<10 {
            let l = box(CGRect(x: 15 + CGFloat(i % 5) * 75, y: 20 + CGFloat(i / 5) * 130, width: 60, height: 100),
                        color(CGFloat(i) / 10, 0.5, 1 - CGFloat(i) / 10, i % 2 == 0 ? 0.6 : 1))
            l.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(i) * 0.21))
            l.cornerRadius = CGFloat(i % 3) * 8
            l.allowsEdgeAntialiasing = true
            if i % 3 == 1 { l.borderWidth = 3; l.borderColor = color(0, 0, 0) }
            if i % 4 == 2 { l.shadowOpacity = 0.5; l.shadowRadius = 4 }
            root.addSublayer(l)
        }
        var bytes = [UInt8]()
        for y in 0..<32 { for x in 0..<32 { bytes += [UInt8(x * 8), UInt8(y * 8), 100, 200] } }
        let image = CGImage(width: 32, height: 32, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 128,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let slider = box(CGRect(x: 100.25, y: 400, width: 150, height: 90), nil)
        slider.contents = image
        root.addSublayer(slider)
        CATransaction.flush()
        return (root, slider)
    }

    @Test func bandsTakenInTurnDrawTheSameBytesAsOneThread() throws {
        let single = affineScene(), banded = affineScene()
        let one = try #require(CAOffscreenRenderer(rootLayer: single.root, size: CGSize(width: 400, height: 300)))
        let two = try #require(CAOffscreenRenderer(rootLayer: banded.root, size: CGSize(width: 400, height: 300)))
        one.renderThreadCount = 1
        two.renderThreadCount = 2
        var frames: [[UInt32]] = []
        for n in 0..<8 {
            for s in [single, banded] {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                s.slider.position.y -= 37.5   // enters the target at the third frame
                CATransaction.commit(); CATransaction.flush()
            }
            let a = try #require(one.frame(at: 0)), b = try #require(two.frame(at: 0))
            #expect(a.words == b.words, "frame \(n)")
            frames.append(a.words)
        }
        #expect(frames[0] == frames[1])   // the slider is still below the target
        #expect(frames[1] != frames[2])   // and then in view
    }

    @Test func aQuadsRowsAreItsBoxGrownByAPixel() {
        var q = DrawQuad.solidColor(CGRect(x: 10, y: 20.5, width: 30, height: 40), PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(CPUCompositor.rows(q, originY: 0) == 19..<62)
        #expect(CPUCompositor.rows(q, originY: 10) == 9..<52)
        q.state.transform = .translation(x: 0, y: .infinity)
        #expect(CPUCompositor.rows(q, originY: 0) == nil)   // unknown: every band draws it
    }

    @Test func bandCountFollowsTheKnobAndTheRows() {
        #expect(CPUCompositor(threadCount: 8).bandCount(rows: 1080) == 8)
        #expect(CPUCompositor(threadCount: 8).bandCount(rows: 100) == 1)    // bands ≥ 64 rows
        #expect(CPUCompositor(threadCount: 0).bandCount(rows: 1080) == 1)
        let c = CPUCompositor(threadCount: 1)
        c.threadCount = 4
        #expect(c.bandCount(rows: 1080) == 4)
    }
}
