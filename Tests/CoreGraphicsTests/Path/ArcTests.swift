import Testing
import CoreGraphics
import Foundation

/// Expected control points are hand-computed from k = 4/3·tan(θ/4) (0.5523 for 90°): a segment
/// from angle a to b on a circle of radius r puts its controls r·k along the tangents.
@Suite("CGPath arcs")
struct CGPathArcTests {
    @Test func quarterArcOnEmptyPathStartsWithMove() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint])
        #expect(e[0].points == [P(10, 0)])
        #expect(near(e[1].points, [P(10, 10 * kappa), P(10 * kappa, 10), P(0, 10)]))
        #expect(p.currentPoint == P(0, 10))
    }

    @Test func clockwiseGoesTheLongWayForTheSameAngles() {
        // 0 → π/2 clockwise in y-up space sweeps −3π/2: through (0,−10) and (−10,0).
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(near(e[1].points, [P(10, -10 * kappa), P(10 * kappa, -10), P(0, -10)]))
        #expect(e[2].points[2] == P(-10, 0))
        #expect(e[3].points[2] == P(0, 10))
    }

    @Test func arcAfterCurrentPointAddsLineToItsStart() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: P(20, 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(e[1].points == [P(15, 0)])
        // Clockwise from π passes over the top (y up) at (20, 5).
        #expect(near(e[2].points, [P(15, 5 * kappa), P(20 - 5 * kappa, 5), P(20, 5)]))
        #expect(e[3].points[2] == P(25, 0))
        #expect(p.currentPoint == P(25, 0))
    }

    @Test func fullTurnsAndZeroSweep() {
        let full = CGMutablePath()
        full.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(full.types == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4))
        #expect(full.currentPoint == P(1, 0))
        // More than a turn draws one turn.
        let more = CGMutablePath()
        more.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 5 * .pi, clockwise: false)
        #expect(more.types.count == 5)
        // Equal angles: only the move to the start.
        let none = CGMutablePath()
        none.addArc(center: P(3, 4), radius: 2, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(none.types == [.moveToPoint])
        #expect(near(none.currentPoint, P(3 + 2 * cos(1), 4 + 2 * sin(1))))
        // A reduced sweep: 0 → 5π/2 counter-clockwise is 2π + π/2 ≥ 2π → full circle; 0 → −3π/2 is π/2.
        let reduced = CGMutablePath()
        reduced.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: -3 * .pi / 2, clockwise: false)
        #expect(reduced.types.count == 2)
        #expect(reduced.currentPoint == P(0, 1))
    }

    @Test func transformIsAppliedToTheArc() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false,
                 transform: CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 2, y: 1))
        let e = p.recorded
        #expect(e[0].points == [P(120, 0)])
        #expect(near(e[1].points, [P(120, 10 * kappa), P(100 + 20 * kappa, 10), P(100, 10)]))
    }

    @Test func flippedSpaceReversesTheVisualDirection() {
        // Apple's note: under a y-flip, a clockwise arc (decreasing angle) from 0 to −π/2 ends at
        // (0, −r) in user space, which the flip maps to (0, +r).
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 4, startAngle: 0, endAngle: -.pi / 2, clockwise: true,
                 transform: CGAffineTransform(scaleX: 1, y: -1))
        #expect(p.types.count == 2)
        #expect(p.currentPoint == P(0, 4))
    }

    @Test func relativeArc() {
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 2, startAngle: .pi / 2, delta: -.pi)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addCurveToPoint, .addCurveToPoint])
        #expect(e[0].points == [P(0, 2)])
        #expect(e[1].points[2] == P(2, 0))
        #expect(e[2].points[2] == P(0, -2))
        // Beyond a turn: one turn plus the rest (5π → 2π + π), ending where 5π ends.
        let q = CGMutablePath()
        q.addRelativeArc(center: .zero, radius: 2, startAngle: .pi / 2, delta: 5 * .pi)
        #expect(q.types.count == 1 + 6)
        #expect(near(q.currentPoint, P(0, -2), 1e-12))
    }

    @Test func tangentArcAtRightAngle() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: P(10, 0), tangent2End: P(10, 10), radius: 2)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(near(e[1].points[0], P(8, 0)))
        #expect(near(e[2].points, [P(8 + 2 * kappa, 0), P(10, 2 - 2 * kappa), P(10, 2)]))
        #expect(near(p.currentPoint, P(10, 2)))
    }

    @Test func tangentArcAtObtuseAngle() {
        // Rays from (10,0): back to (0,0) and on to (20,10) meet at 135°; with r = 10 the tangent
        // points lie r·tan(22.5°) = 4.142 from the corner and the centre is at (5.858, 10).
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: P(10, 0), tangent2End: P(20, 10), radius: 10)
        let d = 10 * tan(CGFloat.pi / 8)
        let e = p.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(near(e[1].points[0], P(10 - d, 0)))
        let end = P(10 + d / 2.squareRoot(), d / 2.squareRoot())
        #expect(near(p.currentPoint, end))
        #expect(near(end.x - (10 - d), 10 * sin(CGFloat.pi / 4)))  // 45° of arc about (10 − d, 10)
    }

    @Test func tangentArcDegenerateCasesAddALine() {
        for (t2, r) in [(P(20, 0), CGFloat(3)), (P(0, 0), 3), (P(10, 10), 0)] {
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addArc(tangent1End: P(10, 0), tangent2End: t2, radius: r)
            #expect(p.recorded == [RecordedElement(type: .moveToPoint, points: [.zero]),
                                   RecordedElement(type: .addLineToPoint, points: [P(10, 0)])])
        }
        let empty = CGMutablePath()
        empty.addArc(tangent1End: P(10, 0), tangent2End: P(10, 10), radius: 2)
        #expect(empty.isEmpty)
    }

    @Test func tangentArcUsesUntransformedCurrentPoint() {
        // The same corner built in a space scaled by 2 lands at twice the coordinates.
        let t = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGMutablePath()
        p.move(to: .zero, transform: t)
        p.addArc(tangent1End: P(10, 0), tangent2End: P(10, 10), radius: 2, transform: t)
        #expect(near(p.recorded[1].points[0], P(16, 0)))
        #expect(near(p.currentPoint, P(20, 4)))
    }
}
