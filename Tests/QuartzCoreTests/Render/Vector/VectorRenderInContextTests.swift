import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The vector backend (Render/Backend/Vector) under `render(in:)`, drawn into bitmaps,
/// against analytic values and against the compositor path. Tolerance: channel values within
/// 2/255 except along antialiased edges (cairo's path coverage and the compositor's differ by
/// up to a few levels there), whose count is bounded per case by the length of the edges.
@Suite("Vector render(in:)", .serialized)
struct VectorRenderInContextTests {
    typealias V = VectorCompare

    @Test func backgroundCornerRadiusAndBorderMatchTheCompositor() {
        let l = box(CGRect(x: 0, y: 0, width: 80, height: 60), color(0, 0, 1))
        l.cornerRadius = 12
        l.borderWidth = 5
        l.borderColor = color(1, 0, 0)
        let (v, i) = V.both(l, 80, 60)
        // The corner pixel is clear, the border red, the inside blue.
        #expect(V.px(v, 0, 0) == .clear)
        #expect(V.px(v, 40, 2) == .red && V.px(v, 2, 30) == .red)
        #expect(V.px(v, 40, 30) == .blue)
        let d = V.difference(v, i)
        #expect(d.over <= 60, "pixels off by more than 2/255: \(d.over) (max \(d.maximum))")
    }

    @Test func squareBorderCoversExactlyItsRing() {
        let l = box(CGRect(x: 0, y: 0, width: 80, height: 60), nil)
        l.borderWidth = 5
        l.borderColor = color(1, 0, 0)
        CATransaction.flush()
        let v = V.bitmap(80, 60)
        l.renderModelAsVectors(in: v)
        var ring = 0
        for y in 0..<60 { for x in 0..<80 where V.px(v, x, y) == .red { ring += 1 } }
        #expect(ring == 80 * 60 - 70 * 50)   // 1,300
        #expect(V.px(v, 40, 30) == .clear)
    }

    @Test func contentsWithGravityMatchTheCompositor() {
        // A 20×10 image, top half red, bottom half blue, in a 60×40 layer.
        var bytes = [UInt8]()
        for y in 0..<10 { for _ in 0..<20 { bytes += y < 5 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = CGImage(width: 20, height: 10, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 80,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        for gravity: CALayerContentsGravity in [.topLeft, .bottomRight, .center, .resizeAspect, .resize] {
            let l = box(CGRect(x: 0, y: 0, width: 60, height: 40), color(0, 1, 0))
            l.contents = image
            l.contentsGravity = gravity
            let (v, i) = V.both(l, 60, 40)
            let d = V.difference(v, i)
            #expect(d.over <= 40, "\(gravity.rawValue): \(d.over) pixels off (max \(d.maximum))")
        }
        // .topLeft in an unflipped layer: the image's first (red) row at the bounds' maxY,
        // which is the bitmap's top.
        let l = box(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        l.contents = image
        l.contentsGravity = .topLeft
        CATransaction.flush()
        let v = V.bitmap(60, 40)
        l.renderModelAsVectors(in: v)
        #expect(V.px(v, 5, 2) == .red && V.px(v, 5, 7) == .blue && V.px(v, 25, 5) == .clear)
        // contentsRect picks the bottom (blue) half; nine-part stretching at contentsScale 2.
        l.contentsRect = CGRect(x: 0, y: 0.5, width: 1, height: 0.5)
        l.contentsGravity = .resize
        let (v2, i2) = V.both(l, 60, 40)
        #expect(V.px(v2, 30, 20) == .blue)
        #expect(V.difference(v2, i2).over <= 20)
        l.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        l.contentsScale = 2
        l.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let (v3, i3) = V.both(l, 60, 40)
        let d3 = V.difference(v3, i3)
        // Slice seams are hard in both paths; where a seam falls exactly on a pixel centre
        // (x = 2.5 and 57.5 here) cairo's aliased clip and the compositor's centre rule may
        // pick different sides: two columns of 40.
        #expect(d3.over <= 80, "nine-part: \(d3.over) pixels off (max \(d3.maximum))")
    }

    @Test func sublayersWithOpacityAndGroupOpacityMatchTheCompositor() {
        for group in [false, true] {
            let root = box(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
            let parent = box(CGRect(x: 5, y: 5, width: 50, height: 30), color(1, 1, 1, 0.25))
            parent.opacity = 0.5
            parent.allowsGroupOpacity = group
            let a = box(CGRect(x: 0, y: 0, width: 30, height: 30), color(1, 0, 0))
            let b = box(CGRect(x: 20, y: 0, width: 30, height: 30), color(0, 0, 1))
            b.opacity = 0.8
            parent.addSublayer(a); parent.addSublayer(b)
            root.addSublayer(parent)
            let (v, i) = V.both(root, 60, 40)
            let d = V.difference(v, i)
            #expect(d.maximum <= 2, "group \(group): max \(d.maximum), \(d.over) pixels off")
        }
    }

    @Test func zPositionOrdersSublayers() {
        let root = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let front = box(CGRect(x: 0, y: 0, width: 40, height: 40), color(1, 0, 0))
        front.zPosition = 1
        root.addSublayer(front)
        root.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 40), color(0, 0, 1)))
        CATransaction.flush()
        let v = V.bitmap(40, 40)
        root.renderModelAsVectors(in: v)
        #expect(V.px(v, 20, 20) == .red)
    }

    @Test func masksToBoundsWithRoundedCornersMatchesTheCompositor() {
        let root = box(CGRect(x: 0, y: 0, width: 80, height: 60), color(0, 0, 1))
        root.cornerRadius = 20
        root.masksToBounds = true
        let child = box(CGRect(x: 40, y: -20, width: 60, height: 50), color(1, 0, 0))
        child.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        root.addSublayer(child)
        let (v, i) = V.both(root, 80, 60)
        #expect(V.px(v, 79, 59) == .clear)   // the rounded corner clips the child
        let d = V.difference(v, i)
        #expect(d.over <= 80, "\(d.over) pixels off (max \(d.maximum))")
    }

    @Test func maskLayerAndGeometryFlipMatchTheCompositor() {
        // render(in:) leaves the receiver's own mask out (as its own transform), so the masked
        // layer is a sublayer.
        let root = box(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        let masked = box(CGRect(x: 0, y: 0, width: 60, height: 40), color(1, 0, 0))
        let m = box(CGRect(x: 10, y: 0, width: 20, height: 20), color(0, 0, 0))
        m.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        masked.mask = m
        root.addSublayer(masked)
        let (v, i) = V.both(root, 60, 40)
        #expect(V.px(v, 55, 5) == .clear)
        #expect(V.px(v, 20, 30) == .red)       // layer y 10 is 30 rows from the top
        // The mask's raster is resampled by clip(to:mask:), which softens its edges by up to
        // a pixel: only edge pixels differ (a rotated 20-point square has ~80 of them, each
        // side counted about twice).
        let d = V.difference(v, i)
        #expect(d.over <= 150, "mask: \(d.over) pixels off (max \(d.maximum))")

        let flipped = box(CGRect(x: 0, y: 0, width: 60, height: 40), nil)
        flipped.isGeometryFlipped = true
        flipped.addSublayer(box(CGRect(x: 0, y: 0, width: 60, height: 10), color(0, 1, 0)))
        let (fv, fi) = V.both(flipped, 60, 40)
        #expect(V.px(fv, 30, 5) == .green)    // y 0…10 flipped to the top
        #expect(V.difference(fv, fi).maximum <= 2)
    }

    @Test func perspectiveSubtreeFallsBackToTheCompositor() {
        let root = box(CGRect(x: 0, y: 0, width: 80, height: 80), nil)
        let card = box(CGRect(x: 20, y: 20, width: 40, height: 40), color(0, 0, 1))
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        card.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let (v, i) = V.both(root, 80, 80)
        #expect(V.px(v, 40, 40) == .blue)
        let d = V.difference(v, i)
        #expect(d.over <= 80, "\(d.over) pixels off (max \(d.maximum))")
    }

    @Test func shadowsMatchTheCompositor() {
        for usePath in [false, true] {
            let root = box(CGRect(x: 0, y: 0, width: 80, height: 80), nil)
            let l = box(CGRect(x: 20, y: 30, width: 30, height: 30), color(1, 0, 0))
            l.shadowOpacity = 1
            l.shadowColor = color(0, 0, 0)
            l.shadowOffset = CGSize(width: 8, height: -8)
            l.shadowRadius = 4
            if usePath { l.shadowPath = CGPath(rect: l.bounds, transform: nil) }
            root.addSublayer(l)
            let (v, i) = V.both(root, 80, 80)
            // The shadow is dark below-right of the square (y up: row 80 − 26 = 54 … ).
            #expect(V.px(v, 52, 52).a > 200)
            // Half intensity on the shadow's edge (square edge x = 50, + 8 offset = 58).
            #expect(abs(V.px(v, 58, 45).a - 128) <= 30)
            // The shadow is the compositor's own, drawn as an image: the same pixels.
            let d = V.difference(v, i)
            #expect(d.maximum <= 2, "path \(usePath): max \(d.maximum), \(d.over) pixels off")
        }
    }

    final class Circle: NSObject, CALayerDelegate {
        var calls = 0
        func draw(_ layer: CALayer, in ctx: CGContext) {
            calls += 1
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0.5, blue: 0, alpha: 1))
            ctx.fillEllipse(in: layer.bounds.insetBy(dx: 5, dy: 5))
        }
    }

    @Test func delegateContentIsDrawnAgainIntoTheContext() {
        let l = box(CGRect(x: 0, y: 0, width: 50, height: 50), nil)
        let delegate = Circle()
        l.delegate = delegate
        l.setNeedsDisplay()
        let (v, i) = V.both(l, 50, 50)
        #expect(delegate.calls == 2)            // once for the backing store, once into the context
        #expect(V.px(v, 25, 25) == RGBA(0, 128, 0, 255))
        #expect(V.px(v, 2, 2) == .clear)
        let d = V.difference(v, i)
        #expect(d.over <= 60, "\(d.over) pixels off (max \(d.maximum))")
        withExtendedLifetime(delegate) {}
    }

    @Test func vectorPathFollowsTheContextTransform() {
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        let (v, i) = V.both(l, 40, 40) { ctx in
            ctx.translateBy(x: 20, y: 20)
            ctx.scaleBy(x: 2, y: 2)
        }
        #expect(V.px(v, 30, 10) == .red)
        #expect(V.px(v, 10, 30) == .clear)
        #expect(V.difference(v, i).maximum <= 2)
    }
}
