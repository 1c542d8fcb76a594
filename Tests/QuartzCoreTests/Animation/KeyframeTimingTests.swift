import Testing
import QuartzCore

/// keyTimes rules from https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/1412522-keytimes.
@Suite("KeyframeTiming")
struct KeyframeTimingTests {
    @Test func validKeyTimesAreUsed() {
        #expect(KeyframeTiming.resolvedKeyTimes([0, 0.2, 1], valueCount: 3, discrete: false) == [0, 0.2, 1])
        #expect(KeyframeTiming.resolvedKeyTimes([0, 0.5, 0.8, 1], valueCount: 3, discrete: true) == [0, 0.5, 0.8, 1])
    }

    @Test func mismatchedOrInvalidKeyTimesAreSpacedEvenly() {
        #expect(KeyframeTiming.resolvedKeyTimes([0, 1], valueCount: 3, discrete: false) == [0, 0.5, 1])
        #expect(KeyframeTiming.resolvedKeyTimes([0, 0.7, 0.3], valueCount: 3, discrete: false) == [0, 0.5, 1])
        #expect(KeyframeTiming.resolvedKeyTimes([0, .nan, 1], valueCount: 3, discrete: false) == [0, 0.5, 1])
        #expect(KeyframeTiming.resolvedKeyTimes(nil, valueCount: 2, discrete: true) == [0, 0.5, 1])
        #expect(KeyframeTiming.resolvedKeyTimes(nil, valueCount: 1, discrete: false) == [0])
    }

    @Test func segmentLookup() {
        let k = [0, 0.25, 1.0]
        #expect(KeyframeTiming.segment(at: 0.125, keyTimes: k) == (0, 0.5))
        #expect(KeyframeTiming.segment(at: 0.625, keyTimes: k) == (1, 0.5))
        #expect(KeyframeTiming.segment(at: -1, keyTimes: k) == (0, 0))
        #expect(KeyframeTiming.segment(at: 2, keyTimes: k) == (1, 1))
        // A zero-length segment jumps to its end.
        #expect(KeyframeTiming.segment(at: 0.5, keyTimes: [0, 0.5, 0.5, 1]).index == 2)
    }

    @Test func discreteIndex() {
        let k = [0, 0.5, 0.8, 1.0]
        #expect(KeyframeTiming.discreteIndex(at: 0.49, keyTimes: k, valueCount: 3) == 0)
        #expect(KeyframeTiming.discreteIndex(at: 0.5, keyTimes: k, valueCount: 3) == 1)
        #expect(KeyframeTiming.discreteIndex(at: 0.9, keyTimes: k, valueCount: 3) == 2)
        #expect(KeyframeTiming.discreteIndex(at: 1.0, keyTimes: k, valueCount: 3) == 2)
    }

    @Test func pacedKeyTimesFollowDistance() {
        #expect(KeyframeTiming.pacedKeyTimes(distances: [1, 3]) == [0, 0.25, 1])
        #expect(KeyframeTiming.pacedKeyTimes(distances: [0, 0]) == [0, 0.5, 1])
    }
}
