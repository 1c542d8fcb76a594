import Testing
import CoreGraphics
@testable import QuartzCore

/// The timing curve's fast solve (a table of t at evenly spaced x, refined by Newton steps) gives
/// the reference solver's curve (`CAMediaTimingFunction.solveParameter`, Newton from t = x and
/// bisection) to 1e-9 in y, on named, random and degenerate control points.
@Suite("Timing curve")
struct TimingCurveTests {
    /// The reference output: the reference solver's t, through the Bernstein form of y.
    static func reference(_ c: TimingCurve, _ x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        let t = CAMediaTimingFunction.solveParameter(forX: x, c1: c.c1x, c2: c.c2x)
        return CAMediaTimingFunction.bezier(t, c.c1y, c.c2y)
    }

    /// 1,001 inputs over 0…1, the table's own grid points and values just beside them.
    static let inputs: [Double] = {
        var xs: [Double] = (0...1000).map { Double($0) / 1000 }
        for i in 1..<TimingCurve.steps {
            let x = Double(i) / Double(TimingCurve.steps)
            xs += [x, x.nextDown, x.nextUp]
        }
        return xs + [1e-12, 1e-7, 1 - 1e-7, 1 - 1e-12]
    }()

    static func expectMatchesReference(_ c: TimingCurve, sourceLocation: SourceLocation = #_sourceLocation) {
        var worst = 0.0, worstX = 0.0
        for x in inputs {
            let d = abs(c.output(at: x) - reference(c, x))
            if d > worst { worst = d; worstX = x }
            if x > 0, x < 1 {
                // The solved parameter is a solution to the reference's own tolerance.
                let t = c.parameter(forX: x)
                #expect(t >= 0 && t <= 1, sourceLocation: sourceLocation)
                #expect(abs(CAMediaTimingFunction.bezier(t, c.c1x, c.c2x) - x) < 1e-11,
                        "x(t) at x = \(x) for \(c.c1x), \(c.c2x)", sourceLocation: sourceLocation)
            }
        }
        #expect(worst < 1e-9, "\(c.c1x) \(c.c1y) \(c.c2x) \(c.c2y): \(worst) at x = \(worstX)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [CAMediaTimingFunctionName.easeIn, .easeOut, .easeInEaseOut, .default, .linear])
    func namedCurvesMatchTheReference(_ name: CAMediaTimingFunctionName) {
        Self.expectMatchesReference(CAMediaTimingFunction(name: name).curve)
    }

    @Test func namedCurvesAreTheirControlPoints() {
        // The cached named curves are those of the same control points given by hand.
        #expect(CAMediaTimingFunction(name: .easeInEaseOut).curve.output(at: 0.3)
                == CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1).output(at: 0.3))
        #expect(CAMediaTimingFunction(name: .default) == CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
    }

    @Test func compiledAnimationsShareTheirFunctionsCurve() throws {
        // One curve object per timing function (the named ones: one per name), which compiled
        // animations reference instead of copying its table.
        #expect(CAMediaTimingFunction(name: .easeOut).curve === CAMediaTimingFunction(name: .easeOut).curve)
        #expect(CAMediaTimingFunction(name: .easeOut).curve !== CAMediaTimingFunction(name: .easeIn).curve)
        let f = CAMediaTimingFunction(controlPoints: 0.3, 0.1, 0.7, 0.9)
        let table = CALayer().classInfo.table
        var compiled: [CompiledAnimation] = []
        for keyPath in ["position", "transform.rotation.z"] {
            let a = CABasicAnimation(keyPath: keyPath)
            a.toValue = keyPath == "position" ? CGPoint(x: 3, y: 4) as Any : 1.5 as CGFloat
            a.timingFunction = f
            compiled.append(try #require(CompiledAnimation.compile(a, table: table)))
        }
        #expect(compiled.allSatisfy { $0.curve === f.curve && $0.hasCurve })
    }

    @Test func degenerateCurvesMatchTheReference() {
        // Flat slopes at one or both ends (control x at 0 or 1), overshooting y, a linear x.
        for (a, b, c, d) in [(0.0, 0.0, 0.0, 1.0), (1.0, 0.0, 1.0, 1.0), (0.0, 1.0, 1.0, 0.0), (1.0, 0.0, 0.0, 1.0),
                             (0.0, -0.5, 0.0, 1.5), (0.5, 1.8, 0.5, 1.0), (1.0, 1.0, 0.0, 0.0),
                             (1.0 / 3, 0.9, 2.0 / 3, 0.1), (0.999, 0.0, 0.001, 1.0), (0.0, 0.0, 0.0, 0.0)] {
            Self.expectMatchesReference(TimingCurve(c1x: a, c1y: b, c2x: c, c2y: d))
        }
    }

    @Test func randomCurvesMatchTheReference() {
        var g = SplitMix(seed: 11)
        for _ in 0..<60 {
            // Float control points, as CAMediaTimingFunction stores them.
            let f = CAMediaTimingFunction(controlPoints: Float.random(in: 0...1, using: &g),
                                          Float.random(in: -1...2, using: &g),
                                          Float.random(in: 0...1, using: &g), Float.random(in: -1...2, using: &g))
            Self.expectMatchesReference(f.curve)
        }
    }
}
