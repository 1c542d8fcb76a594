import Testing
@testable import QuartzCore

/// Per-type interpolation rules (component-wise, as Core Animation interpolates these types;
/// https://developer.apple.com/documentation/quartzcore/cabasicanimation).
@Suite("Interpolation")
struct InterpolationTests {
    @Test func scalarsPointsSizesRects() {
        #expect(CGFloat.interpolate(10, 20, 0.25) == 12.5)
        #expect(CGFloat.interpolate(10, 20, 1.5) == 25)          // overshoot extrapolates
        #expect(CGPoint.interpolate(CGPoint(x: 0, y: 10), CGPoint(x: 100, y: 30), 0.5) == CGPoint(x: 50, y: 20))
        #expect(CGSize.interpolate(CGSize(width: 10, height: 10), CGSize(width: 30, height: 50), 0.5)
                == CGSize(width: 20, height: 30))
        let r = CGRect.interpolate(CGRect(x: 0, y: 0, width: 10, height: 10),
                                   CGRect(x: 10, y: 20, width: 30, height: 50), 0.5)
        #expect(r == CGRect(x: 5, y: 10, width: 20, height: 30))
    }

    @Test func additionAndDistance() {
        #expect(CGPoint.adding(CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)) == CGPoint(x: 4, y: 6))
        #expect(CGPoint.subtracting(CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)) == CGPoint(x: -2, y: -2))
        #expect(CGPoint.distance(.zero, CGPoint(x: 3, y: 4)) == 5)
        #expect(CGFloat.adding(2, scaled: 3, by: 2) == 8)
    }

    @Test func colorsInterpolateStraightRGBA() throws {
        let mid = CGColor.interpolate(CGColor(red: 1, green: 0, blue: 0, alpha: 1), .clear, 0.5)
        let c = try #require(mid.components)
        #expect(c == [0.5, 0, 0, 0.5])
        // Gray colours are converted to sRGB first.
        let g = CGColor.interpolate(CGColor(gray: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1), 0.5)
        #expect(g.components == [0.5, 0.5, 1, 1])
    }

    @Test func pathsWithMatchingElementsInterpolatePointwise() {
        let a = CGMutablePath(); a.move(to: .zero); a.addLine(to: CGPoint(x: 10, y: 0))
        a.addCurve(to: CGPoint(x: 20, y: 20), control1: CGPoint(x: 12, y: 0), control2: CGPoint(x: 20, y: 8))
        let b = CGMutablePath(); b.move(to: CGPoint(x: 0, y: 10)); b.addLine(to: CGPoint(x: 30, y: 10))
        b.addCurve(to: CGPoint(x: 40, y: 40), control1: CGPoint(x: 32, y: 10), control2: CGPoint(x: 40, y: 18))
        let mid = CGPath.interpolate(a, b, 0.5)
        let expected = CGMutablePath(); expected.move(to: CGPoint(x: 0, y: 5)); expected.addLine(to: CGPoint(x: 20, y: 5))
        expected.addCurve(to: CGPoint(x: 30, y: 30), control1: CGPoint(x: 22, y: 5), control2: CGPoint(x: 30, y: 13))
        #expect(mid == expected)
    }

    @Test func mismatchedPathsJumpToTheTarget() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        let b = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(CGPath.interpolate(a, b, 0) == a)
        #expect(CGPath.interpolate(a, b, 0.01) == b)
        #expect(CGPath.interpolate(a, b, 0.5) == b)
    }
}
