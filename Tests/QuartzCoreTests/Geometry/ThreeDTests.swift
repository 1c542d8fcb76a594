import Testing
import CoreGraphics
@testable import QuartzCore

// Part B: layers in 3D. Each layer is flattened into its superlayer's plane; its plane maps there
// by the homography of its 4 × 4 transform chain, so zPosition and anchorPointZ take part in the
// transform and a superlayer's perspective (sublayerTransform.m34) makes zPosition visible
// (https://developer.apple.com/documentation/quartzcore/calayer/zposition,
// https://developer.apple.com/documentation/quartzcore/calayer/anchorpointz,
// https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform).
@Suite("3D conversion and hit testing")
struct ThreeDTests {
    /// root 400 × 300 (anchor at its centre, (200, 150)) with eye distance 500 in its sublayer
    /// transform, and child (50, 40, 100, 80) lifted 100 points towards the viewer.
    func perspectiveScene() -> (root: CALayer, child: CALayer) {
        let root = layer(0, 0, 400, 300, name: "root")
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let child = layer(50, 40, 100, 80, name: "child")
        child.zPosition = 100
        root.addSublayer(child)
        return (root, child)
    }

    @Test func zPositionIsVisibleUnderPerspective() {
        let (root, child) = perspectiveScene()
        // w = 1 − 100/500 = 0.8, so offsets from root's anchor grow by 1.25:
        // (50 − 200, 40 − 150) / 0.8 + (200, 150) = (12.5, 12.5).
        #expect(close(child.convert(CGPoint.zero, to: root), CGPoint(x: 12.5, y: 12.5)))
        #expect(close(child.convert(CGPoint(x: 100, y: 80), to: root), CGPoint(x: 137.5, y: 112.5)))
        #expect(close(root.convert(CGPoint(x: 12.5, y: 12.5), to: child), .zero))
        #expect(close(child.convert(child.bounds, to: root), CGRect(x: 12.5, y: 12.5, width: 125, height: 100)))
        // frame ignores the superlayer's sublayerTransform.
        #expect(child.frame == CGRect(x: 50, y: 40, width: 100, height: 80))
    }

    @Test func hitTestingFollowsTheProjectedShape() {
        let (root, child) = perspectiveScene()
        #expect(root.hitTest(CGPoint(x: 14, y: 14)) === child)      // outside the flat frame, inside the projection
        #expect(root.hitTest(CGPoint(x: 140, y: 110)) === root)     // inside the flat frame, outside the projection
        child.zPosition = 0
        #expect(root.hitTest(CGPoint(x: 140, y: 110)) === child)
        #expect(root.hitTest(CGPoint(x: 14, y: 14)) === root)
    }

    @Test func zPositionOrdersSiblingsUnderPerspectiveToo() {
        let (root, child) = perspectiveScene()
        let back = layer(50, 40, 100, 80, name: "back") // added later, but lower zPosition
        root.addSublayer(back)
        #expect(root.hitTest(CGPoint(x: 100, y: 80)) === child)
    }

    @Test func pointsBehindTheEyeAreNotMapped() {
        let (root, child) = perspectiveScene()
        child.zPosition = 600 // w = 1 − 600/500 < 0: behind the viewer
        let p = child.convert(CGPoint.zero, to: root)
        #expect(p.x == .infinity && p.y == .infinity)
        #expect(root.hitTest(CGPoint(x: 100, y: 80)) === root)
    }

    @Test func anchorPointZMovesTheRotationAxis() {
        // Rotation about y by 60°: x' = (x − anchor.x)·cos + z·sin with z = −anchorPointZ.
        let l = layer(150, 100, 100, 100)
        l.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        #expect(close(l.frame, CGRect(x: 175, y: 100, width: 50, height: 100)))
        l.anchorPointZ = 50
        let shift = 50 * sin(CGFloat.pi / 3) // 43.30…
        #expect(close(l.frame, CGRect(x: 175 - shift, y: 100, width: 50, height: 100)))
        // Without a rotation, anchorPointZ and zPosition have no visible effect on the plane.
        let flat = layer(0, 0, 10, 10)
        flat.anchorPointZ = 30
        flat.zPosition = 40
        #expect(flat.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func ownPerspectiveMakesATrapezoid() {
        // The Apple idiom: perspective, then rotate about y (the rotation applies first).
        let root = layer(0, 0, 400, 300, name: "root")
        let card = layer(150, 100, 100, 100, name: "card") // centre (200, 150)
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(card)
        // A point (dx, dy) from the centre maps to (dx·cos, dy) / w with w = 1 + dx·sin/500.
        func projected(_ dx: CGFloat, _ dy: CGFloat) -> CGPoint {
            let w = 1 + dx * sin(.pi / 3) / 500
            return CGPoint(x: 200 + dx * cos(.pi / 3) / w, y: 150 + dy / w)
        }
        #expect(close(card.convert(CGPoint(x: 100, y: 0), to: root), projected(50, -50)))
        #expect(close(card.convert(CGPoint(x: 0, y: 100), to: root), projected(-50, 50)))
        #expect(close(root.convert(projected(-30, 20), to: card), CGPoint(x: 20, y: 70)))
        let f = card.frame
        #expect(close(f.minX, projected(-50, 0).x) && close(f.maxX, projected(50, 0).x))
        #expect(close(f.minY, projected(-50, -50).y) && close(f.maxY, projected(-50, 50).y))
        // The near (left) edge is taller than the far (right) edge.
        #expect(root.hitTest(CGPoint(x: 180, y: 100)) === card)
        #expect(root.hitTest(CGPoint(x: 220, y: 100)) === root)
        #expect(f.height > 100)
    }

    @Test func backFacingSingleSidedLayersAreNotHit() {
        let root = layer(0, 0, 400, 300, name: "root")
        let card = layer(150, 100, 100, 100, name: "card")
        root.addSublayer(card)
        card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) // shows its back
        #expect(root.hitTest(CGPoint(x: 200, y: 150)) === card)
        #expect(card.isBackFacing)
        card.isDoubleSided = false
        #expect(root.hitTest(CGPoint(x: 200, y: 150)) === root)
        // A 2D mirror is not a back face.
        card.transform = CATransform3DMakeScale(-1, 1, 1)
        #expect(!card.isBackFacing)
        #expect(root.hitTest(CGPoint(x: 200, y: 150)) === card)
    }

    @Test func nestedPerspectiveComposesThroughFlattenedPlanes() {
        let (root, child) = perspectiveScene()
        let grandchild = layer(0, 0, 10, 10, name: "grandchild")
        child.addSublayer(grandchild)
        // grandchild is flattened into child, which is flattened into root.
        #expect(close(grandchild.convert(CGPoint.zero, to: root), CGPoint(x: 12.5, y: 12.5)))
        #expect(close(grandchild.convert(CGPoint(x: 10, y: 10), to: root), CGPoint(x: 25, y: 25)))
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === grandchild)
    }
}
