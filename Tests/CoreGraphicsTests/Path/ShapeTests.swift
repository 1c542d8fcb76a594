import Testing
import CoreGraphics

/// Element sequences of the shape adders and initializers, hand-derived from Apple's documented
/// structure (ellipse: move to (maxX, midY), four curves, close; rect: move to the origin corner,
/// three lines, close).
@Suite("CGPath shapes")
struct CGPathShapeTests {
    @Test func ellipseStructure() {
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 50))
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint,
                                  .addCurveToPoint, .closeSubpath])
        #expect(e[0].points == [P(100, 25)])
        #expect(near(e[1].points, [P(100, 25 + 25 * kappa), P(50 + 50 * kappa, 50), P(50, 50)]))
        #expect(e[2].points[2] == P(0, 25))
        #expect(near(e[3].points, [P(0, 25 - 25 * kappa), P(50 - 50 * kappa, 0), P(50, 0)]))
        #expect(e[4].points[2] == P(100, 25))
        #expect(p.currentPoint == P(100, 25))
    }

    @Test func ellipseInitializerMatchesAdderAndAppliesTransform() {
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        let m = CGMutablePath()
        m.addEllipse(in: r)
        #expect(CGPath(ellipseIn: r, transform: nil) == m)
        var t = CGAffineTransform(translationX: 5, y: -5)
        let moved = CGPath(ellipseIn: r, transform: &t)
        #expect(moved.recorded[0].points == [P(45, 35)])
        // A negative-size rect is standardised.
        #expect(CGPath(ellipseIn: CGRect(x: 40, y: 60, width: -30, height: -40), transform: nil) == m)
    }

    @Test func roundedRectStructure() {
        let p = CGMutablePath()
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 10, cornerHeight: 20)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint,
                                  .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                                  .addLineToPoint, .addCurveToPoint, .addLineToPoint, .addCurveToPoint,
                                  .closeSubpath])
        #expect(e[0].points == [P(100, 30)])
        #expect(e[1].points == [P(100, 40)])
        #expect(near(e[2].points, [P(100, 40 + 20 * kappa), P(90 + 10 * kappa, 60), P(90, 60)]))
        #expect(e[3].points == [P(10, 60)])
        #expect(e[4].points[2] == P(0, 40))
        #expect(e[5].points == [P(0, 20)])
        #expect(e[6].points[2] == P(10, 0))
        #expect(e[7].points == [P(90, 0)])
        #expect(near(e[8].points, [P(90 + 10 * kappa, 0), P(100, 20 - 20 * kappa), P(100, 20)]))
    }

    @Test func roundedRectCornersAreClamped() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 60)
        // Corners larger than half the size clamp to half: the shape is the inscribed ellipse.
        let big = CGPath(roundedRect: r, cornerWidth: 80, cornerHeight: 40, transform: nil)
        #expect(big == CGPath(ellipseIn: r, transform: nil))
        // Zero or negative corners give the plain rectangle.
        #expect(CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 10, transform: nil) == CGPath(rect: r, transform: nil))
        #expect(CGPath(roundedRect: r, cornerWidth: -5, cornerHeight: 10, transform: nil) == CGPath(rect: r, transform: nil))
        #expect(CGPath(roundedRect: r, cornerWidth: .nan, cornerHeight: 10, transform: nil) == CGPath(rect: r, transform: nil))
        // Full-width corners drop the zero-length top and bottom edges only.
        let wide = CGPath(roundedRect: r, cornerWidth: 50, cornerHeight: 10, transform: nil)
        #expect(wide.types == [.moveToPoint, .addLineToPoint, .addCurveToPoint, .addCurveToPoint,
                               .addLineToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath])
    }

    @Test func rectInitializerAndAddRect() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        let e = CGPath(rect: r, transform: nil).recorded
        #expect(e == [RecordedElement(type: .moveToPoint, points: [P(1, 2)]),
                      RecordedElement(type: .addLineToPoint, points: [P(4, 2)]),
                      RecordedElement(type: .addLineToPoint, points: [P(4, 6)]),
                      RecordedElement(type: .addLineToPoint, points: [P(1, 6)]),
                      RecordedElement(type: .closeSubpath, points: [])])
        var t = CGAffineTransform(scaleX: 2, y: 3)
        #expect(CGPath(rect: r, transform: &t).recorded[2].points == [P(8, 18)])
    }

    @Test func addRectsAddLinesAndAddPath() {
        let p = CGMutablePath()
        p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(p.types.filter { $0 == .moveToPoint }.count == 2)
        #expect(p.types.count == 10)
        let lines = CGMutablePath()
        lines.addLines(between: [P(0, 0), P(1, 0), P(1, 1)], transform: CGAffineTransform(translationX: 1, y: 0))
        #expect(lines.recorded.map(\.points) == [[P(1, 0)], [P(2, 0)], [P(2, 1)]])
        #expect(lines.types == [.moveToPoint, .addLineToPoint, .addLineToPoint])
        let combined = CGMutablePath()
        combined.addPath(lines, transform: CGAffineTransform(scaleX: 10, y: 10))
        #expect(combined.recorded.map(\.points) == [[P(10, 0)], [P(20, 0)], [P(20, 10)]])
        // A line after a closed subpath continues from that subpath's start.
        let closed = CGMutablePath()
        closed.addRect(CGRect(x: 2, y: 3, width: 1, height: 1))
        closed.addLine(to: P(9, 9))
        #expect(closed.recorded.suffix(2) == [RecordedElement(type: .moveToPoint, points: [P(2, 3)]),
                                              RecordedElement(type: .addLineToPoint, points: [P(9, 9)])])
    }

    @Test func equalityIsElementWise() {
        let a = CGMutablePath(), b = CGMutablePath()
        a.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        b.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(a == b)
        b.addLine(to: .zero)
        #expect(a != b)
    }
}
