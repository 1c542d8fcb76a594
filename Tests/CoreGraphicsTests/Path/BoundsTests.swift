import Testing
import CoreGraphics

/// Hand-computed boxes: a quadratic (0,0)-(50,100)-(100,0) peaks at t = ½ with y = 50; the cubic
/// (0,0)-(0,100)-(100,100)-(100,0) peaks at t = ½ with y = ¾·100 = 75.
@Suite("CGPath bounding boxes")
struct CGPathBoundsTests {
    @Test func emptyPathIsNull() {
        #expect(CGMutablePath().boundingBox.isNull)
        #expect(CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test func quadCurve() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addQuadCurve(to: P(100, 0), control: P(50, 100))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(near(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50)))
    }

    @Test func cubicCurve() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: P(100, 0), control1: P(0, 100), control2: P(100, 100))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(near(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75)))
    }

    @Test func cubicWithExtremaOnBothAxes() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: P(0, 30), control1: P(100, 0), control2: P(-100, 30))
        // x(t) = 3(1−t)²t·100 − 3(1−t)t²·100 = 300t(1−t)(1−2t); x'(t) = 0 at t = ½ ∓ √3/6,
        // where t(1−t) = 1/6 and 1−2t = ±1/√3, so x = ±50/√3 ≈ ±28.87. y runs monotonically 0…30.
        let xMax = 50 / CGFloat(3).squareRoot()
        let box = p.boundingBoxOfPath
        #expect(near(box.maxX, xMax))
        #expect(near(box.minX, -xMax))
        #expect(near(box.minY, 0) && near(box.maxY, 30))
        #expect(p.boundingBox == CGRect(x: -100, y: 0, width: 200, height: 30))
    }

    @Test func circleTightBoxIsItsRect() {
        let r = CGRect(x: 10, y: 20, width: 60, height: 40)
        let p = CGPath(ellipseIn: r, transform: nil)
        #expect(near(p.boundingBoxOfPath, r))
        #expect(near(p.boundingBox, r))
    }

    @Test func movePointsCount() {
        let p = CGMutablePath()
        p.move(to: P(3, 4))
        #expect(p.boundingBox == CGRect(x: 3, y: 4, width: 0, height: 0))
        p.addLine(to: P(-1, 10))
        p.move(to: P(20, 0))
        #expect(p.boundingBoxOfPath == CGRect(x: -1, y: 0, width: 21, height: 10))
    }

    @Test func curveAfterCloseStartsFromSubpathStart() {
        let p = CGMutablePath()
        p.move(to: P(0, 0))
        p.addLine(to: P(10, 0))
        p.closeSubpath()
        p.addQuadCurve(to: P(0, 0), control: P(0, -20))   // from (0,0): dips to y = −10
        #expect(near(p.boundingBoxOfPath, CGRect(x: 0, y: -10, width: 10, height: 10)))
    }
}
