import Testing
import CoreGraphics
@testable import QuartzCore

// convert(_:from:)/convert(_:to:) (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:from:)):
// positions, anchor points, bounds origins, transforms, the superlayer's sublayerTransform about
// its anchor point and isGeometryFlipped (https://developer.apple.com/documentation/quartzcore/calayer/isgeometryflipped).
@Suite("CALayer coordinate conversion")
struct ConversionTests {
    /// root 400 × 300 at the world origin, with a (50, 40, 100, 80), its child b (10, 10, 20, 20),
    /// and a's sibling c (300, 200, 50, 50).
    func tree() -> (root: CALayer, a: CALayer, b: CALayer, c: CALayer) {
        let root = layer(0, 0, 400, 300), a = layer(50, 40, 100, 80)
        let b = layer(10, 10, 20, 20), c = layer(300, 200, 50, 50)
        root.addSublayer(a)
        a.addSublayer(b)
        root.addSublayer(c)
        return (root, a, b, c)
    }

    @Test func nestedAndSibling() {
        let (root, a, b, c) = tree()
        #expect(a.convert(CGPoint(x: 10, y: 10), to: root) == CGPoint(x: 60, y: 50))
        #expect(root.convert(CGPoint(x: 60, y: 50), to: a) == CGPoint(x: 10, y: 10))
        #expect(a.convert(CGPoint(x: 60, y: 50), from: root) == CGPoint(x: 10, y: 10))
        #expect(b.convert(CGPoint.zero, to: root) == CGPoint(x: 60, y: 50))
        #expect(root.convert(CGPoint(x: 60, y: 50), to: b) == .zero)
        #expect(a.convert(CGPoint.zero, to: c) == CGPoint(x: -250, y: -160))
        #expect(b.convert(CGPoint(x: 1, y: 2), to: c) == CGPoint(x: -239, y: -148))
        #expect(a.convert(CGPoint(x: 3, y: 4), to: a) == CGPoint(x: 3, y: 4))
    }

    @Test func boundsOriginScrollsTheSublayers() {
        let (root, a, b, _) = tree()
        a.bounds.origin = CGPoint(x: 20, y: 30)
        // a's bounds origin is at a's top-left corner in root.
        #expect(a.convert(CGPoint(x: 20, y: 30), to: root) == CGPoint(x: 50, y: 40))
        // b is positioned in a's (scrolled) space.
        #expect(b.convert(CGPoint.zero, to: root) == CGPoint(x: 40, y: 20))
    }

    @Test func transformsActAboutTheAnchorPoint() {
        let (root, a, _, _) = tree()
        a.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // a's centre (100, 80); its corner (0, 0) is (−50, −40) from it, turned to (40, −50).
        #expect(close(a.convert(CGPoint.zero, to: root), CGPoint(x: 140, y: 30)))
        #expect(close(root.convert(CGPoint(x: 140, y: 30), to: a), .zero))
        a.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: 0, y: 0))
        #expect(a.convert(CGPoint(x: 100, y: 80), to: root) == CGPoint(x: 200, y: 160))
    }

    @Test func sublayerTransformActsAboutTheSuperlayersAnchor() {
        let (root, a, _, c) = tree()
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // Sublayer space (50, 40) → about root's anchor (200, 150): ((50−200)·2+200, (40−150)·2+150).
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: -100, y: -70))
        #expect(root.convert(CGPoint(x: -100, y: -70), to: a) == .zero)
        // Between siblings the sublayer transform cancels out.
        #expect(a.convert(CGPoint.zero, to: c) == CGPoint(x: -250, y: -160))
        root.anchorPoint = .zero
        root.position = .zero
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: 100, y: 80))
    }

    /// Apple: `isGeometryFlipped` flips "the geometry of the layer and its sublayers"
    /// (https://developer.apple.com/documentation/quartzcore/calayer/isgeometryflipped): the
    /// layer's own coordinate space is the flipped one its sublayers are positioned in, so a
    /// sublayer's frame is its bounds converted to the layer, flipped or not.
    @Test func geometryFlippedFlipsTheLayersOwnSpaceAndItsSublayers() {
        let (root, a, b, _) = tree()
        root.isGeometryFlipped = true
        // In root's own (flipped) space a sits at its frame; in the world, about root's mid-y.
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 40))
        #expect(a.convert(a.bounds, to: root) == a.frame)
        #expect(a.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 260))
        #expect(a.convert(CGPoint(x: 0, y: 80), to: nil) == CGPoint(x: 50, y: 180))
        #expect(root.convert(CGPoint(x: 50, y: 40), to: a) == .zero)
        // root's own points: its (0, 0) is its top-left in the world, y down.
        #expect(root.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 300))
        #expect(root.convert(CGPoint(x: 0, y: 300), from: nil) == .zero)
        #expect(a.contentsAreFlipped() && b.contentsAreFlipped() && root.contentsAreFlipped())
        a.isGeometryFlipped = true
        #expect(!a.contentsAreFlipped() && !b.contentsAreFlipped())
        // b is positioned in a's flipped space, and a's own (0, 0) is a's other horizontal edge.
        #expect(b.convert(CGPoint.zero, to: a) == CGPoint(x: 10, y: 10))
        #expect(b.convert(b.bounds, to: a) == b.frame && a.convert(a.bounds, to: root) == a.frame)
        #expect(a.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 120))
        #expect(a.convert(CGPoint(x: 50, y: 120), from: root) == .zero)
        // A point and a sublayer placed at it agree.
        let marker = layer(25, 30, 0, 0)
        a.addSublayer(marker)
        #expect(marker.convert(CGPoint.zero, to: nil) == a.convert(CGPoint(x: 25, y: 30), to: nil))
        #expect(root.hitTest(a.convert(CGPoint(x: 5, y: 5), to: nil)) === a)
    }

    /// For a root layer, nil is the space the root is positioned in: Apple's "the original point
    /// added to the layer's frame's origin"
    /// (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:to:)-7dcke).
    @Test func rootConvertsToNilThroughItsOwnFrame() {
        let root = layer(30, 40, 200, 100)
        #expect(root.convert(CGPoint(x: 5, y: 6), to: nil) == CGPoint(x: 35, y: 46))
        #expect(root.convert(CGPoint(x: 35, y: 46), from: nil) == CGPoint(x: 5, y: 6))
        #expect(root.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == CGRect(x: 30, y: 40, width: 10, height: 10))
        root.transform = CATransform3DMakeScale(2, 2, 1)     // about the centre (130, 90)
        #expect(root.convert(CGPoint.zero, to: nil) == CGPoint(x: -70, y: -10))
        #expect(root.convert(root.bounds, to: nil) == root.frame)
    }

    @Test func nilAndUnrelatedTreesMeetInTheRootsPositioningSpace() {
        let (root, a, _, _) = tree()
        #expect(a.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 40))
        #expect(a.convert(CGPoint(x: 50, y: 40), from: nil) == .zero)
        root.position = CGPoint(x: 300, y: 150) // root's frame origin is now (100, 0)
        #expect(a.convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 40))
        let other = CALayer()
        other.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        other.position = CGPoint(x: 1000, y: 1000) // its (0, 0) is at (995, 995)
        #expect(a.convert(CGPoint.zero, to: other) == CGPoint(x: -845, y: -955))
        #expect(other.convert(CGPoint(x: -845, y: -955), to: a) == .zero)
    }

    @Test func rectsConvertToBoundingBoxes() {
        let (root, a, _, _) = tree()
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root) == CGRect(x: 50, y: 40, width: 10, height: 10))
        #expect(root.convert(CGRect(x: 50, y: 40, width: 10, height: 10), to: a) == CGRect(x: 0, y: 0, width: 10, height: 10))
        a.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let r = a.convert(a.bounds, to: root)
        let side = 180 / CGFloat(2).squareRoot()
        #expect(close(r, CGRect(x: 100 - side / 2, y: 80 - side / 2, width: side, height: side)))
        #expect(close(r, a.frame))
        #expect(a.convert(CGRect.null, to: root).isNull)
    }

    @Test func undefinedMappingsGiveInfinityOrNull() {
        let (root, a, _, _) = tree()
        a.transform = CATransform3DMakeScale(0, 1, 1)
        let p = root.convert(CGPoint(x: 60, y: 50), to: a)
        #expect(p.x == .infinity && p.y == .infinity)
        #expect(root.convert(CGRect(x: 0, y: 0, width: 1, height: 1), to: a).isNull)
    }

    @Test func aMaskConvertsThroughTheLayerItMasks() {
        let (root, a, _, _) = tree()
        let m = layer(5, 5, 10, 10)
        a.mask = m
        #expect(m.convert(CGPoint.zero, to: root) == CGPoint(x: 55, y: 45))
        #expect(a.convert(CGPoint(x: 5, y: 5), to: m) == .zero)
        // The masked layer's sublayerTransform moves its sublayers, not its mask.
        a.sublayerTransform = CATransform3DMakeTranslation(30, 0, 0)
        #expect(m.convert(CGPoint.zero, to: a) == CGPoint(x: 5, y: 5))
    }
}
