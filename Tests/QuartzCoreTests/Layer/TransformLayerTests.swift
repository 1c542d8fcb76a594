import Testing
import CoreGraphics
@testable import QuartzCore

/// `CATransformLayer`'s model side: class, presentation copies and hit testing, which passes over
/// the transform layer to its sublayers through their 3D geometry
/// (https://developer.apple.com/documentation/quartzcore/catransformlayer).
@Suite("CATransformLayer model")
struct TransformLayerTests {
    @Test func isALayerWithCALayerProperties() {
        let t = CATransformLayer()
        t.opacity = 0.25
        #expect(t.opacity == 0.25)
        #expect(t.value(forKey: "opacity") != nil)
        #expect(CATransformLayer.defaultValue(forKey: "opacity") as? Float == 1)
        let copy = CATransformLayer(layer: t)
        #expect(copy.opacity == 0.25)
    }

    @Test func hitTestNeverReturnsTheTransformLayer() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.anchorPoint = .zero
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        t.addSublayer(child)
        root.addSublayer(t)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === child)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === root)   // inside t's bounds: passes over it
        #expect(t.hitTest(CGPoint(x: 50, y: 50)) == nil)
        t.isHidden = true
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === root)
    }

    @Test func hitTestFollowsDepthThroughTheUnflattenedGeometry() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.anchorPoint = .zero
        let t = CATransformLayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        t.position = CGPoint(x: 100, y: 100)
        t.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)   // edge on, as a plane
        // A face turned back by −90° about y faces the viewer again: flattening t alone would
        // squash it to a line, the 3D composition does not.
        let face = CALayer()
        face.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        face.position = CGPoint(x: 50, y: 50)
        face.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        let behind = CALayer()
        behind.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        behind.position = CGPoint(x: 50, y: 50)
        behind.transform = CATransform3DTranslate(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), 0, 0, -30)
        t.addSublayer(face)
        t.addSublayer(behind)                                 // later in the list, but farther
        root.addSublayer(t)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === face)
        #expect(root.hitTest(CGPoint(x: 65, y: 70)) === face)
        #expect(root.hitTest(CGPoint(x: 55, y: 70)) === root)   // outside the 80-point face
        behind.transform = CATransform3DTranslate(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), 0, 0, 30)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === behind)   // now nearer
    }
}
