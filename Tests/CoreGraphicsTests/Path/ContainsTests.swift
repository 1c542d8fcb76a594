import Testing
import CoreGraphics

@Suite("CGPath contains")
struct CGPathContainsTests {
    @Test func rectInsideRectSameDirection() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        // Centre: winding 2 → inside for non-zero, a hole for even-odd.
        #expect(p.contains(P(50, 50)))
        #expect(!p.contains(P(50, 50), using: .evenOdd))
        #expect(p.contains(P(10, 10)) && p.contains(P(10, 10), using: .evenOdd))
        #expect(!p.contains(P(150, 50)) && !p.contains(P(-1, 50), using: .evenOdd))
    }

    @Test func reversedInnerRectIsAHoleForBothRules() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addLines(between: [P(25, 25), P(25, 75), P(75, 75), P(75, 25)])
        p.closeSubpath()
        #expect(!p.contains(P(50, 50)))
        #expect(!p.contains(P(50, 50), using: .evenOdd))
        #expect(p.contains(P(90, 50)))
    }

    @Test func donutFromTwoEllipses() {
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(p.contains(P(50, 50)))                      // winding 2
        #expect(!p.contains(P(50, 50), using: .evenOdd))    // the hole
        #expect(p.contains(P(10, 50)) && p.contains(P(10, 50), using: .evenOdd))
        #expect(!p.contains(P(3, 3)) && !p.contains(P(3, 3), using: .evenOdd))   // beyond the corner of the circle
    }

    @Test func pointsJustInsideAndOutsideACurve() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let s = 1 / CGFloat(2).squareRoot()
        #expect(p.contains(P(50 + 49.9 * s, 50 + 49.9 * s)))
        #expect(!p.contains(P(50 + 50.1 * s, 50 + 50.1 * s)))
        #expect(p.contains(P(99.9, 50)) && !p.contains(P(100.1, 50)))
        #expect(p.contains(P(50, 0.1)) && !p.contains(P(50, -0.1)))
        // The inner side of a concave quadratic bulge.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: P(100, 0), control: P(50, 100))  // peaks at (50, 50)
        #expect(q.contains(P(50, 49.5)) && !q.contains(P(50, 50.5)))
    }

    @Test func openSubpathsAreImplicitlyClosed() {
        let p = CGMutablePath()
        p.addLines(between: [P(0, 0), P(10, 0), P(0, 10)])
        #expect(p.contains(P(2, 2)))
        #expect(!p.contains(P(6, 6)))
    }

    @Test func transformMapsThePoint() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(p.contains(P(-95, 0), transform: CGAffineTransform(translationX: 100, y: 5)))
        #expect(!p.contains(P(5, 5), transform: CGAffineTransform(translationX: 100, y: 5)))
    }

    @Test func emptyAndDegenerateInputs() {
        #expect(!CGMutablePath().contains(.zero))
        let line = CGMutablePath()
        line.addLines(between: [P(0, 0), P(10, 10)])
        #expect(!line.contains(P(5, 5.001)) && !line.contains(P(5, 4.999)))
        let r = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(!r.contains(P(.nan, 5)) && !r.contains(P(.infinity, 5)))
    }
}
