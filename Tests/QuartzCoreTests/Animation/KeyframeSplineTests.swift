import Testing
import CoreGraphics
@testable import QuartzCore

/// The Kochanek–Bartels spline behind the cubic keyframe modes, as pure functions
/// (https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/cubic,
/// https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/tensionvalues,
/// .../continuityvalues, .../biasvalues).
@Suite("Keyframe spline")
struct KeyframeSplineTests {
    let p: [[Double]] = [[0], [10], [30], [20]]
    let even: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]

    func value(_ i: Int, _ s: Double, keyTimes: [Double]? = nil,
               _ params: KeyframeSpline.Parameters = .init()) -> Double {
        KeyframeSpline.value(p, keyTimes: keyTimes ?? even, parameters: params, segment: i, local: s)[0]
    }

    @Test func passesThroughEveryKeyAtItsKeyTime() {
        for i in 0..<3 {
            #expect(value(i, 0) == p[i][0])
            #expect(abs(value(i, 1) - p[i + 1][0]) < 1e-12)
        }
    }

    @Test func middleSegmentIsCatmullRom() {
        // Catmull-Rom at s = ½: (−p0 + 9·p1 + 9·p2 − p3) / 16 = (−0 + 90 + 270 − 20) / 16.
        #expect(abs(value(1, 0.5) - 21.25) < 1e-12)
        // At s = ¼: ½(2p1 + (p2−p0)s + (2p0−5p1+4p2−p3)s² + (−p0+3p1−3p2+p3)s³).
        let s = 0.25
        let cr = 0.5 * (2 * 10 + 30 * s + (0 - 50 + 120 - 20) * s * s + (0 + 30 - 90 + 20) * s * s * s)
        #expect(abs(value(1, s) - cr) < 1e-12)
    }

    @Test func endTangentsReflectTheNeighbour() {
        // p[−1] = 2·p0 − p1 = −10, so the first tangent is (10 − (−10)) / 2 = 10 (the chord) and the
        // incoming tangent at key 1 is (30 − 0) / 2 = 15: ½·0 + ⅛·10 + ½·10 − ⅛·15 = 4.375.
        #expect(abs(value(0, 0.5) - 4.375) < 1e-12)
        // Two keys: exactly linear.
        let two = KeyframeSpline.value([[0], [100]], keyTimes: [0, 1], parameters: .init(), segment: 0, local: 0.3)
        #expect(abs(two[0] - 30) < 1e-12)
    }

    @Test func tensionOneFlattensTheTangents() {
        // Zero tangents at keys 1 and 2: the Hermite midpoint is the average of the keys.
        let params = KeyframeSpline.Parameters(tension: [0, 1, 1, 0])
        #expect(abs(value(1, 0.5, params) - 20) < 1e-12)
    }

    @Test func continuityAndBiasShapeTheOutgoingTangent() {
        // Continuity −1 at key 1: outgoing tangent = p2 − p1 = 20; midpoint 5 + 2.5 + 15 − 0.625.
        #expect(abs(value(1, 0.5, .init(continuity: [0, -1])) - 21.875) < 1e-12)
        // Bias +1 at key 1: outgoing tangent = p1 − p0 = 10; midpoint 5 + 1.25 + 15 − 0.625.
        #expect(abs(value(1, 0.5, .init(bias: [0, 1])) - 20.625) < 1e-12)
    }

    @Test func unevenKeyTimesScaleTheTangents() {
        // Segment 1 lasts ¼, segment 0 ½: the outgoing tangent at key 1 is 15 × 2·¼/¾ = 10.
        #expect(abs(value(1, 0.5, keyTimes: [0, 0.5, 0.75, 1]) - 20.625) < 1e-12)
    }

    @Test func vectorsRunComponentWise() {
        let pts: [[Double]] = [[0, 0], [10, 100], [30, 300], [20, 200]]
        let v = KeyframeSpline.value(pts, keyTimes: even, parameters: .init(), segment: 1, local: 0.5)
        #expect(abs(v[0] - 21.25) < 1e-12 && abs(v[1] - 212.5) < 1e-12)
    }

    @Test func coloursAreClampedAfterOvershoot() {
        let c = CGColor.fromSplineComponents([1.0625, -0.1, 0.5, 1])
        #expect(c.components == [1, 0, 0.5, 1])
    }
}
