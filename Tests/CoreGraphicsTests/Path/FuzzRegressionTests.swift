import Testing
import Foundation
@testable import CoreGraphics

/// Inputs the fuzzers (Fuzz/, scripts/fuzz.sh) found hanging or crashing, kept as tests.
@Suite("Path fuzz regressions")
struct PathFuzzRegressionTests {
    func points(_ path: CGPath) -> Int {
        path.flattenedSubpaths(tolerance: path.relativeTolerance).reduce(0) { $0 + $1.points.count }
    }

    @Test("a huge circle flattens to as many chords as a small one (vector lengths no longer overflow)")
    func hugeCircleFlattensLikeASmallOne() {
        let small = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        let huge = CGPath(ellipseIn: CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), transform: nil)
        #expect(points(small) > 8)
        #expect(points(huge) == points(small))
        #expect(CGPoint(x: 3e300, y: 4e300).length == 5e300)
        #expect(CGPoint(x: 3e-200, y: 4e-200).length == 5e-200)
        #expect(CGPoint(x: 3, y: 4).length == 5)
    }

    @Test("FuzzPath timeout: stroking and hit-testing a 1e300 arc and rounded rect stay small")
    func hugeArcStroke() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 100.953125, y: 1e300))
        path.addRelativeArc(center: CGPoint(x: 99.890625, y: -0.0), radius: 1e300, startAngle: 1e300, delta: 1e300)
        path.addRoundedRect(in: CGRect(x: 1e300, y: 1e300, width: 1e300, height: 1e300),
                            cornerWidth: 100.890625, cornerHeight: -0.0)
        for _ in 0..<61 { path.closeSubpath() }
        #expect(points(path) < 1000)        // was 8,006: every curve at the 1,000-chord cap
        let stroked = path.copy(strokingWithWidth: 1e300, lineCap: .round, lineJoin: .bevel, miterLimit: 1e300)
        var elements = 0
        stroked.applyWithBlock { _ in elements += 1 }
        #expect(elements > 0 && elements < 1000)   // was 47,964, then minutes in contains()
    }
}
