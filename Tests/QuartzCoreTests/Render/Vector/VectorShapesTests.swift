import Testing
import CoreGraphics
@testable import QuartzCore

/// The outlines of Render/Backend/Vector/VectorShapes.swift (the CPU backend's geometry as CGPaths).
@Suite("Vector shapes")
struct VectorShapesTests {
    let rect = CGRect(x: 0, y: 0, width: 100, height: 60)

    @Test func circularCornersAreQuarterCircles() {
        let p = VectorShapes.roundedRect(rect, radii: CornerRadii(uniform: 10))
        // On the arc (centre (10, 10), radius 10) at 45°: 10 − 7.07 = 2.93 from each edge.
        #expect(p.contains(CGPoint(x: 3.2, y: 3.2)))
        #expect(!p.contains(CGPoint(x: 2.7, y: 2.7)))
        // The straight edge starts 10 points from the corner.
        #expect(p.contains(CGPoint(x: 10.5, y: 0.2)))
        #expect(p.boundingBoxOfPath == rect)
    }

    @Test func continuousCornersLeaveTheEdgesEarlierAndMeetTheCircleAt45Degrees() {
        let circular = VectorShapes.roundedRect(rect, radii: CornerRadii(uniform: 10))
        let continuous = VectorShapes.roundedRect(rect, radii: CornerRadii(minXMinY: 10, maxXMinY: 10, maxXMaxY: 10, minXMaxY: 10, continuous: true))
        // 10 points from the corner along the bottom edge, 0.05 above it: the circle starts
        // there, the continuous curve (which starts 15.29 points out) is already 0.09 above it.
        #expect(circular.contains(CGPoint(x: 10, y: 0.05)))
        #expect(!continuous.contains(CGPoint(x: 10, y: 0.05)))
        // Both pass near the 45° point r(1 − 1/√2) = 2.93 from each edge (ContinuousCorner: 2.92).
        #expect(continuous.contains(CGPoint(x: 3.1, y: 3.1)))
        #expect(!continuous.contains(CGPoint(x: 2.75, y: 2.75)))
        // Far from the corners both are the rectangle.
        #expect(continuous.contains(CGPoint(x: 50, y: 0.1)) && continuous.contains(CGPoint(x: 99.9, y: 30)))
        #expect(continuous.boundingBoxOfPath == rect)
    }

    @Test func radiiShrinkToFitAndMaskedCornersStaySquare() {
        // 100 × 60 with radius 50: the short side fits two radii of 30.
        let round = VectorShapes.roundedRect(rect, radii: CornerRadii(uniform: 50))
        #expect(round.contains(CGPoint(x: 50, y: 0.5)))
        #expect(!round.contains(CGPoint(x: 2, y: 2)))
        let one = VectorShapes.roundedRect(rect, radii: CornerRadii(minXMinY: 0, maxXMinY: 20, maxXMaxY: 0, minXMaxY: 0))
        #expect(one.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(!one.contains(CGPoint(x: 99.5, y: 0.5)))
        #expect(one.contains(CGPoint(x: 99.5, y: 59.5)))
    }

    @Test func borderRingIsTheOutlineMinusTheInset() {
        let ring = VectorShapes.border(rect, width: 5, radii: .zero)
        #expect(ring.contains(CGPoint(x: 2, y: 30), using: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 50, y: 30), using: .evenOdd))
        // A border wider than half the short side fills everything.
        let full = VectorShapes.border(rect, width: 40, radii: .zero)
        #expect(full.contains(CGPoint(x: 50, y: 30), using: .evenOdd))
    }
}
