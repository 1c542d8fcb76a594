import Testing
import CoreGraphics

@Suite("CGPath isRect")
struct CGPathIsRectTests {
    @Test func rectPathsAreRects() {
        var out = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&out))
        #expect(out == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Negative sizes are standardised.
        #expect(CGPath(rect: CGRect(x: 4, y: 6, width: -3, height: -4), transform: nil).isRect(&out))
        #expect(out == CGRect(x: 1, y: 2, width: 3, height: 4))
        // A quarter turn keeps it axis-aligned: (0,0,2,1) → x ∈ [−1, 0], y ∈ [0, 2].
        var t = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1), transform: &t).isRect(&out))
        #expect(out == CGRect(x: -1, y: 0, width: 1, height: 2))
    }

    @Test func hand_builtRectanglesEitherDirection() {
        let p = CGMutablePath()
        p.addLines(between: [P(0, 0), P(0, 5), P(7, 5), P(7, 0), P(0, 0)])
        var out = CGRect.null
        #expect(p.isRect(&out))
        #expect(out == CGRect(x: 0, y: 0, width: 7, height: 5))
        #expect(p.isRect(nil))
    }

    @Test func otherShapesAreNot() {
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil).isRect(nil))
        #expect(!CGPath(roundedRect: CGRect(x: 0, y: 0, width: 5, height: 5), cornerWidth: 1,
                        cornerHeight: 1, transform: nil).isRect(nil))
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        #expect(!two.isRect(nil))
        var t = CGAffineTransform(rotationAngle: .pi / 4)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t).isRect(nil))
        let flat = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 0), transform: nil)
        #expect(!flat.isRect(nil))
        #expect(!CGMutablePath().isRect(nil))
    }
}
