import Testing
import CoreGraphics
@testable import QuartzCore

/// The path material drawn by the backend: stroke area, trim, dashes, fill rules, caps and joins.
@Suite("Vector materials: path")
struct PathMaterialTests {
    typealias P = MaterialProbe

    @Test(arguments: BackendKind.allCases) func ringStrokeCoversTwoPiRTimesItsWidth(_ backend: BackendKind) throws {
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        let f = try P.draw(backend, [P.path(PathMaterial(path: circle, stroke: P.stroke(width: 4)))])
        let expected = 2 * Double.pi * 40 * 4
        #expect(abs(Probe.coveredArea(f) - expected) / expected < 0.03, "area \(Probe.coveredArea(f))")
        #expect(P.covered(f, 90, 50) && P.empty(f, 50, 50))
    }

    @Test(arguments: BackendKind.allCases) func trimKeepsTheGivenFractionsOfTheArcLength(_ backend: BackendKind) throws {
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        let full = 2 * Double.pi * 40 * 4
        for (start, end) in [(0.0, 0.25), (0.0, 0.5), (0.25, 0.5), (0.5, 1.0)] {
            let m = PathMaterial(path: circle, stroke: P.stroke(width: 4), trimStart: start, trimEnd: end)
            let area = Probe.coveredArea(try P.draw(backend, [P.path(m)]))
            #expect(abs(area - full * (end - start)) / (full * (end - start)) < 0.03, "\(start)…\(end): \(area)")
        }
        // On a line the kept part is where it should be: 0.25…0.5 of 10→90 is x 30…50.
        let m = PathMaterial(path: P.line(CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50)), stroke: P.stroke(width: 10),
                             trimStart: 0.25, trimEnd: 0.5)
        let f = try P.draw(backend, [P.path(m)])
        #expect(P.covered(f, 31, 50) && P.covered(f, 48, 50))
        #expect(P.empty(f, 28, 50) && P.empty(f, 51, 50))
        #expect(abs(Probe.coveredArea(f) - 200) < 2)
        #expect(Probe.coveredCount(try P.draw(backend, [P.path(PathMaterial(path: m.path, stroke: m.stroke,
                                                                  trimStart: 0.6, trimEnd: 0.6))])) == 0)
    }

    @Test(arguments: BackendKind.allCases) func dashesCoverTheirOnLengthsFromThePhase(_ backend: BackendKind) throws {
        let line = P.line(CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50))
        let f = try P.draw(backend, [P.path(PathMaterial(path: line, stroke: P.stroke(width: 10, dash: [10, 10])))])
        #expect(abs(Probe.coveredArea(f) - 400) < 4)
        #expect(P.covered(f, 15, 50) && P.empty(f, 25, 50) && P.covered(f, 35, 50))
        // Phase 5: the first dash is 5 long (x 10…15), then off to 25, on to 35.
        let g = try P.draw(backend, [P.path(PathMaterial(path: line, stroke: P.stroke(width: 10, dash: [10, 10], phase: 5)))])
        #expect(P.covered(g, 12, 50) && P.empty(g, 18, 50) && P.covered(g, 28, 50) && P.empty(g, 38, 50))
    }

    @Test(arguments: BackendKind.allCases) func evenOddLeavesANestedSquareEmptyAndNonZeroFillsIt(_ backend: BackendKind) throws {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
        p.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))   // same direction: winding 2 inside
        for (rule, centre) in [(CGPathFillRule.winding, true), (.evenOdd, false)] {
            let f = try P.draw(backend, [P.path(PathMaterial(path: p.copy()!, fill: .init(color: P.black, rule: rule)))])
            #expect(P.covered(f, 50, 50) == centre, "\(rule)")
            #expect(P.covered(f, 20, 20))
            #expect(abs(Probe.coveredArea(f) - (centre ? 6400 : 4800)) < 1)
        }
    }

    @Test(arguments: BackendKind.allCases) func capsReachBeyondTheEndsAsTheirShapesSay(_ backend: BackendKind) throws {
        let line = P.line(CGPoint(x: 20, y: 50), CGPoint(x: 80, y: 50))
        func draw(_ cap: CGLineCap) throws -> PixelBuffer {
            try P.draw(backend, [P.path(PathMaterial(path: line, stroke: P.stroke(width: 20, cap: cap)))])
        }
        let butt = try draw(.butt), square = try draw(.square), round = try draw(.round)
        #expect(P.empty(butt, 15, 50) && P.covered(butt, 21, 50))
        #expect(P.covered(square, 11, 50) && P.covered(square, 11, 41) && P.empty(square, 8, 50))
        #expect(P.covered(round, 11, 50) && P.empty(round, 11, 41) && P.empty(round, 8, 50))
        #expect(abs(Probe.coveredArea(square) - 80 * 20) < 2)
        #expect(abs(Probe.coveredArea(round) - (60 * 20 + Double.pi * 100)) < 4)
    }

    @Test(arguments: BackendKind.allCases) func joinsShapeTheOuterCorner(_ backend: BackendKind) throws {
        // Right along y = 80, then up along x = 50 (y down): the outer corner is at (60, 90).
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 20, y: 80)); p.addLine(to: CGPoint(x: 50, y: 80)); p.addLine(to: CGPoint(x: 50, y: 20))
        func draw(_ join: CGLineJoin, limit: Double = 10) throws -> PixelBuffer {
            try P.draw(backend, [P.path(PathMaterial(path: p.copy()!, stroke: P.stroke(width: 20, join: join, miterLimit: limit)))])
        }
        let miter = try draw(.miter), bevel = try draw(.bevel), round = try draw(.round)
        let clipped = try draw(.miter, limit: 1)   // √2 > 1: the miter falls back to a bevel
        #expect(P.covered(miter, 58, 88))
        #expect(P.empty(bevel, 58, 88) && P.empty(round, 58, 88) && P.empty(clipped, 58, 88))
        #expect(P.covered(round, 56, 86) && P.empty(bevel, 57, 87))
        #expect(P.covered(bevel, 52, 82))
    }

    @Test(arguments: BackendKind.allCases) func aPathUnderFourTimesScaleHasCrispEdges(_ backend: BackendKind) throws {
        // A 20-point circle drawn through a 4× transform: edges stay one device pixel wide.
        let circle = CGPath(ellipseIn: CGRect(x: 2.3, y: 2.3, width: 20, height: 20), transform: nil)
        let f = try P.draw(backend, [P.path(PathMaterial(path: circle, fill: .init(color: P.black)),
                                   transform: .scale(x: 4, y: 4))])
        let row = 49   // through the centre (49.2 px)
        let partial = (0..<100).filter { x in let a = Int(f.pixel(x: x, y: row).a); return a > 25 && a < 230 }
        #expect(partial.count <= 2, "soft pixels \(partial)")    // one per crossing: ≤ 1.5 px wide edges
        #expect(P.covered(f, 49, 49) && P.empty(f, 8, 49) && P.covered(f, 12, 49))
    }

    @Test(arguments: BackendKind.allCases) func aPathUnderPerspectiveIsWarpedIntoPlace(_ backend: BackendKind) throws {
        let square = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        let t = ProjectiveTransform(m11: 1, m12: 0, m13: 0.002, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let f = try P.draw(backend, [P.path(PathMaterial(path: square, fill: .init(color: P.black)), transform: t)])
        // x' = x / (1 + 0.002 x): the square's corners land at 19.2 and 68.9.
        #expect(P.covered(f, 40, 40) && P.covered(f, 22, 30) && P.empty(f, 72, 40) && P.empty(f, 17, 40))
    }

    @Test(arguments: BackendKind.allCases) func theRectOfTheQuadCutsWhatIsPainted(_ backend: BackendKind) throws {
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        let q = DrawQuad(rect: CGRect(x: 0, y: 0, width: 50, height: 100),
                         material: .path(PathMaterial(path: circle, fill: .init(color: P.black))))
        let f = try P.draw(backend, [q])
        #expect(P.covered(f, 45, 50) && P.empty(f, 55, 50))
    }

    @Test(arguments: BackendKind.allCases) func opacityAppliesToFillAndStrokeAsOneGroup(_ backend: BackendKind) throws {
        let square = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        let m = PathMaterial(path: square, fill: .init(color: P.black), stroke: P.stroke(width: 10))
        let f = try P.draw(backend, [P.path(m).with(opacity: 0.5)])
        #expect(abs(Int(f.pixel(x: 20, y: 50).a) - 128) <= 1)   // fill and stroke overlap: still 0.5
        #expect(abs(Int(f.pixel(x: 50, y: 50).a) - 128) <= 1)
    }
}

extension DrawQuad {
    func with(opacity: Double) -> DrawQuad { var q = self; q.state.opacity = opacity; return q }
}

/// Bad input draws nothing or draws plainly, never poisons the quads after it.
@Suite("Vector materials: bad input")
struct PathMaterialBadInputTests {
    typealias P = MaterialProbe

    @Test(arguments: BackendKind.allCases) func aNonFinitePathDrawsNothingAndTheNextQuadStillDraws(_ backend: BackendKind) throws {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10)); p.addLine(to: CGPoint(x: CGFloat.nan, y: 50)); p.addLine(to: CGPoint(x: 50, y: 90))
        var rounded = DrawQuad(rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                               material: .path(PathMaterial(path: p.copy()!, fill: .init(color: P.black))))
        rounded.state.roundedClip = RoundedRect(rect: CGRect(x: 0, y: 0, width: 100, height: 100),
                                                radii: CornerRadii(minXMinY: 5, maxXMinY: 5, maxXMaxY: 5, minXMaxY: 5))
        let f = try P.draw(backend, [rounded, .solidColor(CGRect(x: 60, y: 60, width: 10, height: 10), Probe.red)])
        #expect(Probe.coveredCount(f) == 100)
    }

    @Test(arguments: BackendKind.allCases) func aDashPatternOfAMillionDashesDrawsTheLineSolid(_ backend: BackendKind) throws {
        let line = P.line(CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50))
        let m = PathMaterial(path: line, stroke: P.stroke(width: 10, dash: [1e-6, 1e-6]))
        let f = try P.draw(backend, [P.path(m)])
        #expect(abs(Probe.coveredArea(f) - 800) < 2)
    }
}
