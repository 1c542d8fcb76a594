import Testing
import CoreGraphics

/// Stroke outlines are checked by containment (non-zero rule, which Apple's result is meant
/// for), at points hand-placed just inside and just outside the expected edges.
@Suite("CGPath stroking")
struct CGPathStrokeTests {
    func line(_ a: CGPoint, _ b: CGPoint) -> CGMutablePath {
        let p = CGMutablePath(); p.move(to: a); p.addLine(to: b); return p
    }

    @Test func buttCapsStopAtTheEnds() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(s.contains(P(5, 4)) && s.contains(P(5, -4)))
        #expect(!s.contains(P(5, 6)) && !s.contains(P(5, -6)))
        #expect(s.contains(P(0.5, 0)) && !s.contains(P(-0.5, 0)) && !s.contains(P(10.5, 0)))
        #expect(near(s.boundingBox, CGRect(x: 0, y: -5, width: 10, height: 10)))
    }

    @Test func squareCapsExtendByHalfTheWidth() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(s.contains(P(-4.5, 4.5)) && s.contains(P(14.5, -4.5)))
        #expect(!s.contains(P(-5.5, 0)) && !s.contains(P(15.5, 0)))
        #expect(near(s.boundingBox, CGRect(x: -5, y: -5, width: 20, height: 10)))
    }

    @Test func roundCapsAreHalfDiscs() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(s.contains(P(-4.5, 0)) && s.contains(P(-3, 3.5)))    // |(-3, 3.5)| = 4.6 < 5
        #expect(!s.contains(P(-4, 4)) && !s.contains(P(-5.5, 0)))   // |(-4, 4)| = 5.66 > 5
    }

    /// A left turn at (20, 0) from (0,0) → (20,0) → (20,20), width 4: the outer corner of the
    /// miter is (22, −2); the bevel cuts it along x − y = 22; the round join is the disc of
    /// radius 2 about (20, 0). Miter length / width at 90° is √2 ≈ 1.414.
    @Test func joinsAtARightAngle() {
        let p = CGMutablePath()
        p.addLines(between: [P(0, 0), P(20, 0), P(20, 20)])
        let miter = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let limited = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        let bevel = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        let round = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        let corner = P(21.8, -1.8), beyondBevel = P(21.5, -1.5), insideBevel = P(21, -0.5)
        #expect(miter.contains(corner) && miter.contains(beyondBevel))
        #expect(!limited.contains(beyondBevel) && limited.contains(insideBevel))
        #expect(!bevel.contains(beyondBevel) && bevel.contains(insideBevel))
        #expect(round.contains(P(21.3, -1.3)) && !round.contains(P(21.6, -1.6)))
        #expect(!miter.contains(P(22.2, -1)) && !miter.contains(P(21, -2.2)))
        // The inside of the turn is covered by the two segment rectangles.
        #expect(miter.contains(P(18.5, 1.5)) && !miter.contains(P(17.5, 2.5)))
    }

    @Test func closedSubpathsGetJoinsNotCaps() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let s = square.copy(strokingWithWidth: 2, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        // Miter corners fill (−1, −1) … (11, 11); the centre stays empty.
        #expect(s.contains(P(-0.9, -0.9)) && s.contains(P(10.9, 10.9)) && s.contains(P(10.9, -0.9)))
        #expect(!s.contains(P(5, 5)) && !s.contains(P(-1.1, 5)) && !s.contains(P(5, 1.1)))
        #expect(near(s.boundingBox, CGRect(x: -1, y: -1, width: 12, height: 12)))
        let b = square.copy(strokingWithWidth: 2, lineCap: .square, lineJoin: .bevel, miterLimit: 10)
        #expect(!b.contains(P(-0.9, -0.9)) && b.contains(P(-0.4, -0.4)))
    }

    @Test func curvesAreStrokedAlongTheirLength() {
        // A circle of radius 20 stroked 4 wide covers radii 18…22.
        let c = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        let s = c.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        for angle in stride(from: CGFloat(0), to: 2 * .pi, by: 0.37) {
            let u = P(cos(angle), sin(angle))
            #expect(s.contains(u.scaledForTest(18.2)) && s.contains(u.scaledForTest(21.8)))
            #expect(!s.contains(u.scaledForTest(17.8)) && !s.contains(u.scaledForTest(22.2)))
        }
    }

    @Test func zeroLengthSubpathsAndBadWidths() {
        let dotPath = line(P(5, 5), P(5, 5))
        let round = dotPath.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(round.contains(P(6.9, 5)) && !round.contains(P(6.9, 6.9)))
        let square = dotPath.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(P(6.9, 6.9)) && !square.contains(P(7.1, 5)))
        #expect(dotPath.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        let l = line(P(0, 0), P(10, 0))
        #expect(l.copy(strokingWithWidth: 0, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        #expect(l.copy(strokingWithWidth: -1, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        #expect(l.copy(strokingWithWidth: .nan, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let moveOnly = CGMutablePath(); moveOnly.move(to: .zero)
        #expect(moveOnly.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }

    @Test func transformMapsTheOutline() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                             transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(near(s.boundingBox, CGRect(x: 0, y: 99, width: 10, height: 2)))
    }

    @Test func capAndJoinRawValuesMatchApple() {
        #expect(CGLineCap.butt.rawValue == 0 && CGLineCap.round.rawValue == 1 && CGLineCap.square.rawValue == 2)
        #expect(CGLineJoin.miter.rawValue == 0 && CGLineJoin.round.rawValue == 1 && CGLineJoin.bevel.rawValue == 2)
        #expect(CGPathFillRule.winding.rawValue == 0 && CGPathFillRule.evenOdd.rawValue == 1)
    }
}

extension CGPoint {
    func scaledForTest(_ s: CGFloat) -> CGPoint { CGPoint(x: x * s, y: y * s) }
}
