import Testing
import CoreGraphics
@testable import QuartzCore

// frame is derived from bounds, anchorPoint, position and transform
// (https://developer.apple.com/documentation/quartzcore/calayer/frame and
// https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint).
@Suite("CALayer frame")
struct FrameTests {
    func sample(anchor: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 100)
        l.anchorPoint = anchor
        return l
    }

    @Test func anchorPointPlacesTheBounds() {
        #expect(sample().frame == CGRect(x: 150, y: 75, width: 100, height: 50))
        #expect(sample(anchor: .zero).frame == CGRect(x: 200, y: 100, width: 100, height: 50))
        #expect(sample(anchor: CGPoint(x: 1, y: 1)).frame == CGRect(x: 100, y: 50, width: 100, height: 50))
        #expect(sample(anchor: CGPoint(x: 0.25, y: 2)).frame == CGRect(x: 175, y: 0, width: 100, height: 50))
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let l = sample()
        l.bounds.origin = CGPoint(x: 10, y: 20)
        #expect(l.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
    }

    @Test func scaleTranslationAndRotationAboutTheAnchor() {
        let s = sample()
        s.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(s.frame == CGRect(x: 100, y: 50, width: 200, height: 100))

        let t = sample()
        t.transform = CATransform3DMakeTranslation(10, -5, 0)
        #expect(t.frame == CGRect(x: 160, y: 70, width: 100, height: 50))

        let r = sample()
        r.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(r.frame, CGRect(x: 175, y: 50, width: 50, height: 100)))

        let r45 = sample()
        r45.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let side = 150 / CGFloat(2).squareRoot() // (100 + 50) / √2 = 106.066…
        #expect(close(r45.frame, CGRect(x: 200 - side / 2, y: 100 - side / 2, width: side, height: side)))

        // About the top-left corner: (x, y) → (−y, x).
        let corner = sample(anchor: .zero)
        corner.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(corner.frame, CGRect(x: 150, y: 100, width: 50, height: 100)))
    }

    @Test func setterWithIdentityTransform() {
        let l = CALayer()
        l.bounds.origin = CGPoint(x: 5, y: 7)
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(l.position == CGPoint(x: 60, y: 45))
        #expect(l.bounds == CGRect(x: 5, y: 7, width: 100, height: 50))
        #expect(l.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        l.anchorPoint = .zero
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == CGPoint(x: 10, y: 20))
        // A negative size is standardised first.
        l.frame = CGRect(x: 10, y: 20, width: -30, height: 40)
        #expect(l.frame == CGRect(x: -20, y: 20, width: 30, height: 40))
    }

    @Test func setterUnderScaleAndQuarterTurn() {
        let s = CALayer()
        s.transform = CATransform3DMakeScale(2, 2, 1)
        s.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(s.bounds.size == CGSize(width: 100, height: 50))
        #expect(s.position == CGPoint(x: 100, y: 50))
        #expect(s.frame == CGRect(x: 0, y: 0, width: 200, height: 100))

        let r = CALayer()
        r.anchorPoint = .zero
        r.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        r.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        #expect(close(r.bounds.size, CGSize(width: 100, height: 50)))
        #expect(close(r.position, CGPoint(x: 50, y: 0)))
        #expect(close(r.frame, CGRect(x: 0, y: 0, width: 50, height: 100)))
    }

    @Test func setterUnderSingularTransformKeepsTheSize() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.transform = CATransform3DMakeScale(0, 1, 1)
        l.frame = CGRect(x: 3, y: 4, width: 50, height: 60)
        #expect(l.bounds.size == CGSize(width: 10, height: 10))
        #expect(l.frame.origin == CGPoint(x: 3, y: 4))
    }

    @Test func affineTransformRoundTrip() {
        let l = CALayer()
        let a = CGAffineTransform(a: 2, b: 0.5, c: -0.5, d: 3, tx: 7, ty: 8)
        l.setAffineTransform(a)
        #expect(l.affineTransform() == a)
        #expect(l.transform.m41 == 7 && l.transform.m33 == 1)
    }
}
