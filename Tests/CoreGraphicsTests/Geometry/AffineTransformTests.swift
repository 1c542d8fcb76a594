import Testing
import CoreGraphics

/// Expected values are hand-computed from Apple's CGAffineTransform documentation:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty; `translatedBy/scaledBy/rotated` prepend their
/// operation (https://developer.apple.com/documentation/corefoundation/cgaffinetransform).
@Suite("CGAffineTransform")
struct AffineTransformTests {
    func close(_ t: CGAffineTransform, _ e: [CGFloat], tol: CGFloat = 1e-12) -> Bool {
        zip([t.a, t.b, t.c, t.d, t.tx, t.ty], e).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test func identityIsDefault() {
        #expect(CGAffineTransform().isIdentity)
        #expect(CGAffineTransform.identity == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    @Test func initializers() {
        #expect(close(CGAffineTransform(translationX: 3, y: -4), [1, 0, 0, 1, 3, -4]))
        #expect(close(CGAffineTransform(scaleX: 2, y: 5), [2, 0, 0, 5, 0, 0]))
        #expect(close(CGAffineTransform(rotationAngle: .pi / 2), [0, 1, -1, 0, 0, 0]))
        #expect(close(CGAffineTransform(1, 2, 3, 4, 5, 6), [1, 2, 3, 4, 5, 6]))
    }

    @Test func concatenationAppliesSelfFirst() {
        // Scale by 2, then translate by (10, 0): (1, 1) -> (2, 2) -> (12, 2).
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(close(t, [2, 0, 0, 2, 10, 0]))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
        // Reverse order: translate, then scale: (1, 1) -> (11, 1) -> (22, 2).
        let u = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(close(u, [2, 0, 0, 2, 20, 0]))
    }

    @Test func prependingOperations() {
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        // Scale acts first: (1, 1) -> (2, 3) -> (12, 23).
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 23))
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x - 5) < 1e-12 && abs(p.y - 1) < 1e-12)
        let tr = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 1, y: 1)
        #expect(CGPoint.zero.applying(tr) == CGPoint(x: 2, y: 2))
    }

    @Test func inversion() {
        let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 3, tx: 4, ty: -2)
        let i = t.inverted()
        // det = 5; inverse linear part = [3 -1; -1 2] / 5.
        #expect(close(i, [0.6, -0.2, -0.2, 0.4, -2.8, 1.6], tol: 1e-12))
        #expect(close(t.concatenating(i), [1, 0, 0, 1, 0, 0], tol: 1e-12))
        // Singular: returned unchanged, as Apple documents.
        let s = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(s.inverted() == s)
    }

    @Test func applyingToSizesAndRects() {
        let t = CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 100, y: 100)
        let s = CGSize(width: 10, height: 20).applying(t)
        #expect(abs(s.width + 20) < 1e-12 && abs(s.height - 10) < 1e-12)
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = CGFloat(2).squareRoot() / 2
        #expect(abs(r.minX - (-20 * h)) < 1e-9 && abs(r.maxX - 10 * h) < 1e-9)
        #expect(abs(r.minY - 0) < 1e-9 && abs(r.maxY - 30 * h) < 1e-9)
        #expect(CGRect.null.applying(t).isNull)
    }

    @Test func componentsRoundTrip() {
        let c = CGAffineTransformComponents(scale: CGSize(width: 2, height: 3), horizontalShear: 0.5,
                                            rotation: 0.3, translation: CGVector(dx: 7, dy: -1))
        let back = CGAffineTransform(c).decomposed()
        #expect(abs(back.scale.width - 2) < 1e-12 && abs(back.scale.height - 3) < 1e-12)
        #expect(abs(back.horizontalShear - 0.5) < 1e-12 && abs(back.rotation - 0.3) < 1e-12)
        #expect(back.translation == CGVector(dx: 7, dy: -1))
    }
}
