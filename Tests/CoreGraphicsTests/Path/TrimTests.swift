import Testing
import CoreGraphics
import Foundation

/// `trimmed(from:to:)`: the part of a path between two fractions of its arc length.
@Suite("CGPath trim")
struct CGPathTrimTests {
    func polyline(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: points)
        if closed { p.closeSubpath() }
        return p.copy()!
    }

    @Test func aQuarterOfALineStartsAndEndsWhereItsLengthSays() {
        let line = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)])
        let t = line.trimmed(from: 0.25, to: 0.5)
        #expect(t.types == [.moveToPoint, .addLineToPoint])
        #expect(near(t.recorded.flatMap(\.points), [CGPoint(x: 25, y: 0), CGPoint(x: 50, y: 0)]))
    }

    @Test func trimSpansSubpathsInOrderAndCutsClosedOnesOpen() {
        // Two 40-long subpaths (80 in all): 0.25…0.75 is the second half of the first and the
        // first half of the second.
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0)])
        p.addLines(between: [CGPoint(x: 0, y: 10), CGPoint(x: 40, y: 10)])
        let t = p.trimmed(from: 0.25, to: 0.75)
        #expect(near(t.recorded.flatMap(\.points),
                     [CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 20, y: 10)]))
        let square = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10)],
                              closed: true)
        #expect(square.trimmed(from: 0, to: 0.5).types == [.moveToPoint, .addLineToPoint, .addLineToPoint])
        #expect(square.trimmed(from: 0, to: 1) === square)
    }

    @Test func emptyAndOutOfRangeFractions() {
        let line = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)])
        #expect(line.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(line.trimmed(from: 0.8, to: 0.2).isEmpty)
        #expect(near(line.trimmed(from: -1, to: 0.1).recorded.flatMap(\.points), [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)]))
        #expect(line.trimmed(from: .nan, to: .infinity) === line)
    }

    @Test func aCircleTrimmedByHalfIsHalfItsLength() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let half = circle.trimmed(from: 0, to: 0.5)
        var length: CGFloat = 0, last = CGPoint.zero
        for e in half.recorded {
            if e.type == .addLineToPoint { length += hypot(e.points[0].x - last.x, e.points[0].y - last.y) }
            last = e.points.last ?? last
        }
        #expect(abs(length - .pi * 10) < 0.01)
    }
}
