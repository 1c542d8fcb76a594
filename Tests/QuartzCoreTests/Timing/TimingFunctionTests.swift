import Testing
import QuartzCore

/// Control points are Apple's documented ones
/// (https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname); the expected
/// outputs were computed independently by 200-step bisection on the same Float control points.
@Suite("CAMediaTimingFunction")
struct TimingFunctionTests {
    @Test(arguments: [
        (CAMediaTimingFunctionName.easeIn, [0.093464654, 0.315356819, 0.621861875]),
        (.easeOut, [0.378138138, 0.684643195, 0.906535353]),
        (.easeInEaseOut, [0.129161939, 0.500000019, 0.870838078]),
        (.default, [0.408510592, 0.802403388, 0.960458978]),
        (.linear, [0.25, 0.5, 0.75]),
    ])
    func namedOutputsAtQuarters(name: CAMediaTimingFunctionName, expected: [Double]) {
        let f = CAMediaTimingFunction(name: name)
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(f.output(at: x) - y) < 1e-6, "\(name.rawValue) at \(x)")
        }
    }

    @Test func endpointsAndClamping() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(f.output(at: 0) == 0)
        #expect(f.output(at: 1) == 1)
        #expect(f.output(at: -3) == 0)
        #expect(f.output(at: 7) == 1)
        #expect(f.output(at: .nan) == 0)
    }

    @Test func controlPoints() {
        let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var v: [Float] = [9, 9]
        f.getControlPoint(at: 0, values: &v); #expect(v == [0, 0])
        f.getControlPoint(at: 1, values: &v); #expect(v == [0.1, 0.2])
        f.getControlPoint(at: 2, values: &v); #expect(v == [0.3, 0.4])
        f.getControlPoint(at: 3, values: &v); #expect(v == [1, 1])
        v = [9, 9]
        f.getControlPoint(at: 4, values: &v); #expect(v == [9, 9])
    }

    @Test func customCurveWithOvershoot() {
        // y control values outside 0…1 overshoot (a "back" ease); x stays monotonic.
        let f = CAMediaTimingFunction(controlPoints: 0.5, 1.8, 0.5, 1)
        #expect(f.output(at: 0.5) > 1)
        // At x = 0.5 the symmetric x controls give t = 0.5: y = 3·0.25·0.5·1.8 + 3·0.5·0.25·1 + 0.125.
        #expect(abs(f.output(at: 0.5) - (0.675 + 0.375 + 0.125)) < 1e-6)   // 1.8 as Float
    }

    @Test func namedFunctionsCompareEqual() {
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
    }
}
