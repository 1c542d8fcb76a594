import Testing
import CoreGraphics

/// Our documented rule: a call with a non-finite value or a negative radius is ignored whole.
@Suite("CGPath bad input")
struct CGPathBadInputTests {
    @Test func nonFiniteAndNegativeInputsAreIgnored() {
        let p = CGMutablePath()
        p.move(to: P(1, 1))
        let before = p.recorded
        p.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: P(.nan, 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .infinity, clockwise: false)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: .nan, delta: 1)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -.infinity)
        p.addArc(tangent1End: P(5, 5), tangent2End: P(.infinity, 0), radius: 1)
        p.addArc(tangent1End: P(5, 5), tangent2End: P(5, 0), radius: -2)
        p.addArc(tangent1End: P(5, 5), tangent2End: P(5, 0), radius: 1, transform: CGAffineTransform(scaleX: 0, y: 1))
        p.addLine(to: P(.nan, 1))
        p.addQuadCurve(to: P(1, 1), control: P(.infinity, 0))
        p.addCurve(to: P(1, 1), control1: .zero, control2: P(0, .nan))
        p.addEllipse(in: .null)
        p.addEllipse(in: .infinite)
        p.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        p.addRoundedRect(in: .null, cornerWidth: 1, cornerHeight: 1)
        p.addLines(between: [.zero, P(.nan, 0)])
        p.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil),
                  transform: CGAffineTransform(translationX: .nan, y: 0))
        p.move(to: P(0, .infinity))
        #expect(p.recorded == before)
        #expect(p.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 0, height: 0))
    }

    @Test func zeroRadiusArcIsALineToTheCentre() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: P(4, 4), radius: 0, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(p.recorded == [RecordedElement(type: .moveToPoint, points: [.zero]),
                               RecordedElement(type: .addLineToPoint, points: [P(4, 4)])])
    }

    @Test func nullRectInitializersGiveEmptyPaths() {
        #expect(CGPath(rect: .null, transform: nil).isEmpty)
        #expect(CGPath(ellipseIn: .null, transform: nil).isEmpty)
        #expect(CGPath(roundedRect: .infinite, cornerWidth: 1, cornerHeight: 1, transform: nil).isEmpty)
    }
}
