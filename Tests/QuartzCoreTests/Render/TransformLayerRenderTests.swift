import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `CATransformLayer` rendering (https://developer.apple.com/documentation/quartzcore/catransformlayer):
/// sublayers keep their 3D positions and are drawn back to front by depth; the layer's own
/// style is ignored; opacity applies to each sublayer, without a group.
@Suite("CATransformLayer render", .serialized)
struct TransformLayerRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: true)!.frame(at: 0)!
    }

    /// A 200 × 200 host whose root has perspective m34 = −1/500, holding `container` (100 × 100,
    /// centred at (100, 100), rotated 30° about y) with six 80 × 80 faces of a cube 40 points
    /// from its centre. Faces are added far ones last, so tree order alone would draw them on top.
    func cubeScene(container: CALayer) -> CALayer {
        let root = makeRoot(200, 200)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        container.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        container.position = CGPoint(x: 100, y: 100)
        container.transform = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        func face(_ c: CGColor, _ r: CATransform3D) -> CALayer {
            let f = CALayer()
            f.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            f.position = CGPoint(x: 50, y: 50)
            f.backgroundColor = c
            f.transform = CATransform3DTranslate(r, 0, 0, 40)   // out along z, then turned
            return f
        }
        let faces = [
            face(color(1, 0, 0), CATransform3DIdentity),                         // front: red
            face(color(1, 1, 0), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),  // left (−x): yellow
            face(color(0, 1, 1), CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),   // top / bottom: cyan
            face(color(1, 0, 1), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),  // magenta
            face(color(0, 1, 0), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),   // right (+x): green
            face(color(0, 0, 1), CATransform3DMakeRotation(.pi, 0, 1, 0)),       // back: blue
        ]
        faces.forEach(container.addSublayer)
        root.addSublayer(container)
        return root
    }

    // Where things land (worked by hand; rotation about y maps x' = x cos θ + z sin θ,
    // z' = −x sin θ + z cos θ; then w = 1 − z'/500):
    // - front face (z = 40): x' from −14.6 (z' 54.6) to 54.6 (z' 14.6) → screen x 83.6 … 156.3.
    // - left face (x = −40): x' from −54.6 (z' −14.6) to −14.6 (z' 54.6) → screen x 46.9 … 83.6.
    // - right face (x = +40) is behind, screen x 113 … 156, under the front face.
    // Flattened (a plain CALayer container), every face is squashed into the container's plane:
    // front and back become the same square, screen x 63.9 … 133.3; the side faces become lines.
    @Test func cubeUnderATransformLayerShowsTheNearFaces() {
        let f = render(cubeScene(container: CATransformLayer()), 200, 200)
        dump(f, "transformLayerCube")
        #expect(f.rgba(120, 100) == .red)                 // front, over the green and blue faces
        #expect(f.rgba(145, 100) == .red)                 // front, over the right face
        #expect(f.rgba(55, 100) == RGBA(255, 255, 0, 255))   // the left face, near side
        #expect(f.rgba(40, 100) == .clear && f.rgba(162, 100) == .clear)
        #expect(f.count { $0 == .blue } == 0)             // the back face is hidden
        #expect(f.count { $0 == .green } == 0)            // so is the right face
    }

    @Test func cubeUnderAPlainLayerIsFlattened() {
        let f = render(cubeScene(container: CALayer()), 200, 200)
        dump(f, "flattenedCube")
        #expect(f.rgba(100, 100) == .blue)                // the last face added, squashed flat
        #expect(f.rgba(120, 100) == .blue)
        #expect(f.rgba(55, 100) == .clear)                // no side faces
        #expect(f.rgba(145, 100) == .clear)
    }

    @Test func ownStyleIsIgnored() {
        let root = makeRoot(100, 100)
        let t = CATransformLayer()
        t.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        t.backgroundColor = color(1, 0, 0)
        t.borderWidth = 4; t.borderColor = color(0, 0, 1)
        t.shadowOpacity = 1; t.shadowRadius = 0; t.shadowOffset = CGSize(width: 5, height: 5)
        t.cornerRadius = 30; t.masksToBounds = true
        let mask = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(0, 0, 0))
        t.mask = mask                                      // ignored too
        t.addSublayer(box(CGRect(x: 60, y: 60, width: 40, height: 40), color(0, 1, 0)))
        root.addSublayer(t)
        let f = render(root, 100, 100)
        #expect(f.rgba(20, 20) == .clear)                  // no background, border or mask cut
        #expect(f.rgba(11, 50) == .clear)
        #expect(f.rgba(95, 95) == .green)                  // the sublayer, not clipped to the bounds
        #expect(f.count { $0.a > 0 } == 30 * 30)           // only the sublayer's visible part
    }

    @Test func opacityAppliesToEachSublayerWithoutAGroup() {
        let root = makeRoot(100, 100)
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        t.opacity = 0.5
        t.addSublayer(box(CGRect(x: 10, y: 10, width: 50, height: 50), color(1, 0, 0)))
        t.addSublayer(box(CGRect(x: 40, y: 40, width: 50, height: 50), color(0, 0, 1)))
        root.addSublayer(t)
        let f = render(root, 100, 100)
        #expect(f.rgba(20, 20).near(RGBA(128, 0, 0, 128)))
        // Blue at ½ over red at ½ (a group would give blue at ½ alone: (0, 0, 128, 128)).
        #expect(f.rgba(50, 50).near(RGBA(64, 0, 128, 191)))
    }

    @Test(arguments: [(CGFloat(0), RGBA.red), (CGFloat(20), RGBA.blue)])
    func zPositionAndTranslationSortByDepthNotTreeOrder(farZ: CGFloat, expected: RGBA) {
        let root = makeRoot(100, 100)
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let near = box(CGRect(x: 10, y: 10, width: 60, height: 60), color(1, 0, 0))
        near.transform = CATransform3DMakeTranslation(0, 0, 10)
        let far = box(CGRect(x: 30, y: 30, width: 60, height: 60), color(0, 0, 1))
        far.zPosition = farZ                               // 20: nearer than the red layer
        t.addSublayer(near); t.addSublayer(far)            // the blue layer is added last
        root.addSublayer(t)
        #expect(render(root, 100, 100).rgba(50, 50) == expected)
    }

    @Test func renderInContextOfATransformLayerDrawsOnlyItsSublayers() {
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        t.backgroundColor = color(0, 0, 1)
        t.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 40), color(1, 0, 0)))
        CATransaction.flush()
        let ctx = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        t.render(in: ctx)
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
        func px(_ x: Int, _ y: Int) -> RGBA {
            let q = p + y * ctx.bytesPerRow + 4 * x
            return RGBA(Int(q[0]), Int(q[1]), Int(q[2]), Int(q[3]))
        }
        #expect(px(5, 20) == .red)
        #expect(px(30, 20) == .clear)                      // no background
    }
}
