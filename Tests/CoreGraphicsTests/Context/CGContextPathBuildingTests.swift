import Testing
import CoreGraphics

/// Current-path behaviour from Apple's CGContext docs: points are fixed in device space when
/// added, `path` reads them back in the current user space, the bounding box includes control
/// points, and lines without a current point are ignored.
@Suite("CGContext path building")
struct CGContextPathBuildingTests {
    @Test func emptyUntilMove() {
        let ctx = makeContext()
        #expect(ctx.isPathEmpty)
        #expect(ctx.path == nil)
        #expect(ctx.boundingBoxOfPath.isNull)
        #expect(ctx.currentPointOfPath == .zero)
        ctx.addLine(to: CGPoint(x: 5, y: 5))          // no current point: ignored
        #expect(ctx.isPathEmpty)
        ctx.move(to: CGPoint(x: 1, y: 2))
        #expect(!ctx.isPathEmpty)
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 2))
        ctx.beginPath()
        #expect(ctx.isPathEmpty)
    }

    @Test func rectElementsInAppleOrder() {
        let ctx = makeContext()
        ctx.addRect(CGRect(x: 10, y: 20, width: 4, height: 8))
        let expected = CGMutablePath()
        expected.addRect(CGRect(x: 10, y: 20, width: 4, height: 8))
        #expect(ctx.path == expected)
        #expect(ctx.boundingBoxOfPath == CGRect(x: 10, y: 20, width: 4, height: 8))
        #expect(ctx.currentPointOfPath == CGPoint(x: 10, y: 20))   // back at the start after close
    }

    @Test func pointsStayWhereTheyWereAdded() {
        let ctx = makeContext()
        ctx.translateBy(x: 10, y: 0)
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addLine(to: CGPoint(x: 4, y: 0))
        ctx.translateBy(x: -10, y: 0)
        // Now user space = device space: the points read back shifted by 10.
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 10, y: 0))
        expected.addLine(to: CGPoint(x: 14, y: 0))
        #expect(ctx.path == expected)
        #expect(ctx.currentPointOfPath == CGPoint(x: 14, y: 0))
    }

    @Test func quadBecomesEquivalentCubic() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addQuadCurve(to: CGPoint(x: 12, y: 0), control: CGPoint(x: 6, y: 12))
        // Controls at 2/3 of the way to (6, 12) from each end: (4, 8) and (8, 8).
        let expected = CGMutablePath()
        expected.move(to: .zero)
        expected.addCurve(to: CGPoint(x: 12, y: 0), control1: CGPoint(x: 4, y: 8), control2: CGPoint(x: 8, y: 8))
        #expect(ctx.path == expected)
        // The bounding box includes the control points (Apple's definition), not the tight box.
        #expect(ctx.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 12, height: 8))
    }

    @Test func addLinesAndAddPathAndClose() {
        let ctx = makeContext()
        ctx.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 3)])
        ctx.closePath()
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 20, y: 20))
        p.addLine(to: CGPoint(x: 22, y: 20))
        ctx.addPath(p)
        let expected = CGMutablePath()
        expected.addLines(between: [CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 3)])
        expected.closeSubpath()
        expected.move(to: CGPoint(x: 20, y: 20))
        expected.addLine(to: CGPoint(x: 22, y: 20))
        #expect(ctx.path == expected)
    }

    @Test func ellipseStartsAtMaxXAndPassesThroughMaxY() {
        let ctx = makeContext()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        let elements = ctx.path!.elementsForTest
        #expect(elements.count == 6)
        #expect(elements.first == .move(CGPoint(x: 20, y: 5)))
        #expect(elements[1].end == CGPoint(x: 10, y: 10))
        #expect(elements[3].end == CGPoint(x: 10, y: 0))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func tangentArcEndsOnSecondTangent() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: 10, y: 30))
        // Corner at (30, 30), turning down to (30, 10): a radius-10 arc centred on (20, 20)
        // touching (20, 30) and ending at (30, 20).
        ctx.addArc(tangent1End: CGPoint(x: 30, y: 30), tangent2End: CGPoint(x: 30, y: 10), radius: 10)
        let cp = ctx.currentPointOfPath
        #expect(abs(cp.x - 30) < 0.01 && abs(cp.y - 20) < 0.01)
        let elements = ctx.path!.elementsForTest
        #expect(elements[1] == .line(CGPoint(x: 20, y: 30)))
        // Collinear points give a straight line to the corner.
        ctx.beginPath()
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 3)
        #expect(ctx.currentPointOfPath == CGPoint(x: 5, y: 0))
    }

    @Test func arcDirectionFollowsYUpUserSpace() {
        // Half discs from angle 0 to π: counter-clockwise sweeps through the top (y > centre),
        // clockwise through the bottom.
        let ccw = makeContext()
        ccw.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: .pi, clockwise: false)
        ccw.fillPath()
        #expect(pixel(ccw, user: 20, 30) == .black)
        #expect(pixel(ccw, user: 20, 10) == .clear)
        let cw = makeContext()
        cw.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: 0, endAngle: .pi, clockwise: true)
        cw.fillPath()
        #expect(pixel(cw, user: 20, 10) == .black)
        #expect(pixel(cw, user: 20, 30) == .clear)
    }

    @Test func nonFiniteInputIsIgnored() {
        let ctx = makeContext()
        ctx.move(to: CGPoint(x: CGFloat.nan, y: 0))
        #expect(ctx.isPathEmpty)
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
        ctx.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(ctx.path?.elementsForTest == [.move(CGPoint(x: 1, y: 1))])
    }
}

/// A testable mirror of the path's elements, read through the public `applyWithBlock`.
enum TestElement: Equatable {
    case move(CGPoint), line(CGPoint), quad(CGPoint, CGPoint), cubic(CGPoint, CGPoint, CGPoint), close
    var end: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }
}

extension CGPath {
    var elementsForTest: [TestElement] {
        var out: [TestElement] = []
        applyWithBlock { e in
            let p = e.pointee.points
            switch e.pointee.type {
            case .moveToPoint: out.append(.move(p[0]))
            case .addLineToPoint: out.append(.line(p[0]))
            case .addQuadCurveToPoint: out.append(.quad(p[0], p[1]))
            case .addCurveToPoint: out.append(.cubic(p[0], p[1], p[2]))
            case .closeSubpath: out.append(.close)
            }
        }
        return out
    }
}
