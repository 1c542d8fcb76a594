import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `shouldRasterize` and `rasterizationScale`
/// (https://developer.apple.com/documentation/quartzcore/calayer/shouldrasterize): the layer
/// drawn once into a bitmap at rasterizationScale pixels per point, composited as one quad, and
/// kept while its subtree does not change.
@Suite("Rasterization render", .serialized)
struct RasterizationRenderTests {
    func renderer(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> CAOffscreenRenderer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: true)!
    }

    /// A card with a rounded border and two sublayers (one sticking out of the bounds).
    func card(rasterize: Bool, rotated: Bool = false, opacity: Float = 0.8) -> CALayer {
        let root = makeRoot(120, 120)
        let c = box(CGRect(x: 20, y: 20, width: 70, height: 60), color(0.2, 0.4, 0.9))
        c.cornerRadius = 8; c.borderWidth = 3; c.borderColor = color(0, 0, 0)
        c.addSublayer(box(CGRect(x: 10, y: 10, width: 30, height: 20), color(1, 0.8, 0.1)))
        c.addSublayer(box(CGRect(x: 50, y: 40, width: 40, height: 30), color(0.1, 0.7, 0.3)))
        c.opacity = opacity
        if rotated { c.setAffineTransform(CGAffineTransform(rotationAngle: 0.3)) }
        c.shouldRasterize = rasterize
        root.addSublayer(c)
        return root
    }

    func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> (max: Int, over2: Int) {
        var m = 0, n = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a.rgba(x, y), q = b.rgba(x, y)
            let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
            m = max(m, d); if d > 2 { n += 1 }
        } }
        return (m, n)
    }

    @Test func atScale1AnUnrotatedLayerMatchesItsUnrasterizedPixels() {
        let plain = renderer(card(rasterize: false), 120, 120).frame(at: 0)!
        let raster = renderer(card(rasterize: true), 120, 120).frame(at: 0)!
        // Opacity 0.8 applies to the bitmap as a whole (Apple: opacity is not rasterized), so
        // where the sublayers overlap the card it is group opacity: compare where they don't.
        #expect(raster.rgba(30, 70) == plain.rgba(30, 70))          // card background only
        #expect(raster.rgba(100, 85) == plain.rgba(100, 85))        // sublayer outside the bounds
        #expect(raster.rgba(21, 50) == plain.rgba(21, 50))          // border
        #expect(raster.rgba(20, 20) == plain.rgba(20, 20))          // rounded-off corner
        #expect(raster.rgba(40, 40).near(RGBA(204, 163, 20, 204)))  // yellow at 0.8, not blended
    }

    @Test func rotatedItIsResampledWithinTolerance() {
        let plain = renderer(card(rasterize: false, rotated: true, opacity: 1), 120, 120).frame(at: 0)!
        let raster = renderer(card(rasterize: true, rotated: true, opacity: 1), 120, 120).frame(at: 0)!
        #expect(raster.rgba(55, 60) == plain.rgba(55, 60) || raster.rgba(55, 60).near(plain.rgba(55, 60)))
        // Bilinear resampling softens edges (the unrasterized ones are hard): differences stay
        // within 2 pixels of an edge, that is where the plain frame's 5 × 5 neighbourhood is
        // not uniform.
        var outsideBand = 0
        for y in 2..<118 { for x in 2..<118 {
            let p = plain.rgba(x, y)
            var uniform = true
            for dy in -2...2 { for dx in -2...2 where plain.rgba(x + dx, y + dy) != p { uniform = false } }
            if uniform, !raster.rgba(x, y).near(p) { outsideBand += 1 }
        } }
        #expect(outsideBand == 0)
    }

    /// A 64 × 64 checkerboard of 1-point black and white cells.
    func checkerboard(rasterizationScale: CGFloat) -> PixelBuffer {
        var bytes = [UInt8]()
        for y in 0..<64 { for x in 0..<64 {
            let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
            bytes += [v, v, v, 255]
        } }
        let image = CGImage(width: 64, height: 64, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 256,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let root = makeRoot(64, 64)
        let l = box(CGRect(x: 0, y: 0, width: 64, height: 64), nil)
        l.contents = image
        l.shouldRasterize = true; l.rasterizationScale = rasterizationScale
        root.addSublayer(l)
        return renderer(root, 64, 64).frame(at: 0)!
    }

    @Test func aQuarterScaleBitmapLosesTheDetail() {
        let full = checkerboard(rasterizationScale: 1)
        #expect(full.rgba(10, 10) == .black && full.rgba(11, 10) == .white)
        let quarter = checkerboard(rasterizationScale: 0.25)   // a 16 × 16 bitmap, magnified 4×
        for (x, y) in [(10, 10), (11, 10), (30, 31)] {
            #expect(quarter.rgba(x, y).near(RGBA(128, 128, 128, 255), 3))
        }
    }

    @Test func theBitmapIsReusedUntilTheSubtreeChanges() {
        let root = card(rasterize: true)
        let r = renderer(root, 120, 120)
        let cache = r.textures.rasterCache
        let first = r.frame(at: 0)!
        #expect(cache.hits == 0 && cache.misses == 1)
        let second = r.frame(at: 0.5)!
        #expect(cache.hits == 1 && cache.misses == 1)
        #expect(maxDifference(first, second).max == 0)
        // A sublayer changes: the bitmap is drawn again, then reused again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.sublayers![0].sublayers![0].backgroundColor = color(1, 0, 0)
        CATransaction.commit()
        let third = r.frame(at: 1)!
        #expect(cache.hits == 1 && cache.misses == 2)
        #expect(third.rgba(40, 40).near(RGBA(204, 0, 0, 204)))
        _ = r.frame(at: 1.5)
        #expect(cache.hits == 2 && cache.misses == 2)
    }

    @Test func anAnimationInTheSubtreeRedrawsEveryFrameButMovingTheLayerDoesNot() {
        let root = card(rasterize: true)
        let r = renderer(root, 120, 120)
        let cache = r.textures.rasterCache
        let c = root.sublayers![0]
        r.host.withClock {
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 55; move.toValue = 65; move.duration = 10
            c.add(move, forKey: "move")
        }
        let start = r.frame(at: 0)!, moved = r.frame(at: 1)!   // x: 55 → 56 at t = 1
        #expect(cache.hits == 1 && cache.misses == 1)
        #expect(start.rgba(20, 50).near(RGBA(0, 0, 0, 204)))     // the border, at 0.8
        #expect(moved.rgba(20, 50) == .clear && moved.rgba(21, 50).near(RGBA(0, 0, 0, 204)))
        r.host.withClock {
            let fade = CABasicAnimation(keyPath: "backgroundColor")
            fade.fromValue = color(1, 0, 0); fade.toValue = color(0, 0, 1); fade.duration = 10
            c.sublayers![1].add(fade, forKey: "fade")
        }
        _ = r.frame(at: 2); _ = r.frame(at: 3)
        #expect(cache.hits == 1 && cache.misses == 3, "\(cache.hits) \(cache.misses)")
    }
}
