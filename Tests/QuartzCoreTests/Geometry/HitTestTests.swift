import Testing
import CoreGraphics
@testable import QuartzCore

// hitTest(_:) takes the point in the superlayer's coordinates and returns the frontmost layer
// containing it (https://developer.apple.com/documentation/quartzcore/calayer/hittest(_:));
// contains(_:) tests the bounds (https://developer.apple.com/documentation/quartzcore/calayer/contains(_:)).
@Suite("CALayer hit testing")
struct HitTestTests {
    /// root 400 × 300; a (50, 40, 100, 80) and, overlapping it in front, b (100, 60, 100, 80).
    func scene() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = layer(0, 0, 400, 300, name: "root")
        let a = layer(50, 40, 100, 80, name: "a"), b = layer(100, 60, 100, 80, name: "b")
        root.addSublayer(a)
        root.addSublayer(b)
        return (root, a, b)
    }

    @Test func laterSiblingsAreInFront() {
        let (root, a, b) = scene()
        #expect(root.hitTest(CGPoint(x: 120, y: 70)) === b)
        #expect(root.hitTest(CGPoint(x: 60, y: 50)) === a)
        #expect(root.hitTest(CGPoint(x: 300, y: 250)) === root)
        #expect(root.hitTest(CGPoint(x: 500, y: 50)) == nil)
    }

    @Test func higherZPositionIsInFront() {
        let (root, a, b) = scene()
        a.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 120, y: 70)) === a)
        a.zPosition = 0
        b.zPosition = -1
        #expect(root.hitTest(CGPoint(x: 120, y: 70)) === a)
    }

    @Test func hiddenLayersAreSkipped() {
        let (root, a, b) = scene()
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 120, y: 70)) === a)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 120, y: 70)) == nil)
    }

    @Test func boundsAreHalfOpen() {
        let (root, a, b) = scene()
        b.removeFromSuperlayer()
        #expect(a.contains(CGPoint(x: 0, y: 0)))
        #expect(!a.contains(CGPoint(x: 100, y: 0)))
        #expect(!a.contains(CGPoint(x: 0, y: 80)))
        #expect(a.contains(CGPoint(x: 99.999, y: 79.999)))
        #expect(root.hitTest(CGPoint(x: 50, y: 40)) === a)
        #expect(root.hitTest(CGPoint(x: 150, y: 50)) === root)
    }

    @Test func masksToBoundsClipsTheSubtree() {
        let (root, a, b) = scene()
        b.isHidden = true
        let child = layer(90, 0, 40, 40, name: "child") // sticks out of a on the right
        a.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 170, y: 45)) === child)
        a.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 170, y: 45)) === root)
        #expect(root.hitTest(CGPoint(x: 145, y: 45)) === child)
    }

    @Test func rotatedLayersAreHitByTheirShape() {
        let (root, a, b) = scene()
        b.isHidden = true
        a.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        // 55 points above a's centre (100, 80): outside the unrotated frame, inside the turned one.
        #expect(root.hitTest(CGPoint(x: 100, y: 25)) === a)
        // The unrotated corner region: inside the frame's box, outside the turned rectangle.
        #expect(a.frame.contains(CGPoint(x: 55, y: 45)))
        #expect(root.hitTest(CGPoint(x: 55, y: 45)) === root)
    }

    @Test func sublayerTransformAndFlipAreHonoured() {
        let (root, a, b) = scene()
        b.isHidden = true
        root.isGeometryFlipped = true
        // a now occupies y 180..260 of root.
        #expect(root.hitTest(CGPoint(x: 60, y: 200)) === a)
        #expect(root.hitTest(CGPoint(x: 60, y: 50)) === root)
        root.isGeometryFlipped = false
        root.sublayerTransform = CATransform3DMakeTranslation(100, 0, 0)
        #expect(root.hitTest(CGPoint(x: 160, y: 50)) === a)
        #expect(root.hitTest(CGPoint(x: 60, y: 50)) === root)
    }

    @Test func singularLayersAreNotHit() {
        let (root, a, b) = scene()
        b.isHidden = true
        a.transform = CATransform3DMakeScale(0, 0, 1)
        #expect(root.hitTest(CGPoint(x: 100, y: 80)) === root)
    }
}
