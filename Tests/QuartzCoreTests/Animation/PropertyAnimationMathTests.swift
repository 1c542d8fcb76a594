import Testing
@testable import QuartzCore

/// From/to/by combinations as CABasicAnimation documents
/// (https://developer.apple.com/documentation/quartzcore/cabasicanimation), additive and
/// cumulative rules (https://developer.apple.com/documentation/quartzcore/capropertyanimation).
@Suite("Property animation math")
struct PropertyAnimationMathTests {
    typealias M = PropertyAnimationMath
    func value(_ from: CGFloat?, _ to: CGFloat?, _ by: CGFloat?, under: CGFloat = 100, at p: Double = 0.5,
               iteration: Int = 0, additive: Bool = false, cumulative: Bool = false) -> CGFloat {
        M.basicValue(from: from, to: to, by: by, underlying: under, zero: 0, progress: p,
                     iteration: iteration, additive: additive, cumulative: cumulative)
    }

    @Test func everyFromToByCombination() {
        #expect(value(10, 20, nil) == 15)           // from → to
        #expect(value(10, nil, 4) == 12)            // from → from + by
        #expect(value(nil, 20, 4) == 18)            // to − by → to
        #expect(value(10, nil, nil) == 55)          // from → underlying (100)
        #expect(value(nil, 20, nil) == 60)          // underlying → to
        #expect(value(nil, nil, 10) == 105)         // underlying → underlying + by
        #expect(value(nil, nil, nil) == 100)        // nothing to animate
        #expect(value(10, 20, 1000) == 15)          // by is ignored when from and to are set
    }

    @Test func additiveAddsToTheUnderlyingValue() {
        #expect(value(0, 10, nil, under: 100, at: 0.5, additive: true) == 105)
        #expect(value(nil, nil, 8, under: 100, at: 0.5, additive: true) == 104)
    }

    @Test func cumulativeBuildsOnEachIteration() {
        #expect(value(0, 10, nil, at: 0.5, iteration: 0, cumulative: true) == 5)
        #expect(value(0, 10, nil, at: 0.5, iteration: 2, cumulative: true) == 25)
        #expect(value(0, 10, nil, at: 0.5, iteration: 2, cumulative: false) == 5)
    }

    @Test func pointsAndColors() {
        let p = M.basicValue(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50), by: nil,
                             underlying: .zero, zero: .zero, progress: 0.25, iteration: 0,
                             additive: false, cumulative: false)
        #expect(p == CGPoint(x: 25, y: 12.5))
    }

    @Test func keyframesLinearWithKeyTimesAndTimingFunctions() {
        let v: [CGFloat] = [0, 10, 30]
        func kf(_ f: Double, times: [Double]? = [0, 0.5, 1], fns: [CAMediaTimingFunction]? = nil,
                mode: CAAnimationCalculationMode = .linear, iteration: Int = 0, cumulative: Bool = false) -> CGFloat? {
            M.keyframeValue(values: v, keyTimes: times, timingFunctions: fns, mode: mode, fraction: f,
                            iteration: iteration, underlying: 0, additive: false, cumulative: cumulative)
        }
        #expect(kf(0.25) == 5)
        #expect(kf(0.75) == 20)
        #expect(abs(kf(0.75, times: [0, 0.25, 1])! - (10 + 20 * (0.5 / 0.75))) < 1e-12)
        #expect(kf(1) == 30 && kf(0) == 0)
        // easeIn on the first segment only: at its midpoint output(0.5) of easeIn.
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let e = kf(0.25, fns: [easeIn, CAMediaTimingFunction(name: .linear)])!
        #expect(abs(Double(e) - 10 * easeIn.output(at: 0.5)) < 1e-9)
        #expect(kf(0.75, fns: [easeIn]) == 20)      // missing function: linear
        // Cumulative: + (last − first) per iteration.
        #expect(kf(0.25, iteration: 1, cumulative: true) == 35)
    }

    @Test func keyframesDiscreteAndPaced() {
        let v: [CGFloat] = [0, 10, 30]
        #expect(M.keyframeValue(values: v, keyTimes: nil, timingFunctions: nil, mode: .discrete, fraction: 0.4,
                                iteration: 0, underlying: 0, additive: false, cumulative: false) == 10)
        #expect(M.keyframeValue(values: v, keyTimes: nil, timingFunctions: nil, mode: .discrete, fraction: 0.2,
                                iteration: 0, underlying: 0, additive: false, cumulative: false) == 0)
        // Paced: distances 10 and 20 → key times 0, 1/3, 1; at 2/3 we are half way along the second leg.
        let paced = M.keyframeValue(values: v, keyTimes: [0, 0.9, 1], timingFunctions: nil, mode: .paced,
                                    fraction: 2.0 / 3.0, iteration: 0, underlying: 0, additive: false, cumulative: false)!
        #expect(abs(paced - 20) < 1e-9)
    }
}
