import Testing
import QuartzCore

/// Pins the CAMediaTiming model (https://developer.apple.com/documentation/quartzcore/camediatiming):
/// active local time = (parent − beginTime) × speed, then timeOffset, repeats and autoreverse.
@Suite("MediaTiming")
struct MediaTimingTests {
    func params(_ f: (inout MediaTimingParameters) -> Void) -> MediaTimingParameters {
        var p = MediaTimingParameters(); p.duration = 2; f(&p); return p
    }

    @Test func basicActivePeriod() throws {
        let p = params { $0.beginTime = 10 }
        #expect(MediaTiming.evaluate(p, atParentTime: 9.9) == nil)
        let s = try #require(MediaTiming.evaluate(p, atParentTime: 11))
        #expect(s.phase == .active && s.fraction == 0.5 && s.iteration == 0)
        #expect(MediaTiming.evaluate(p, atParentTime: 12) == nil)   // fillMode .removed
    }

    @Test func fillModes() throws {
        let fwd = params { $0.fillMode = .forwards }
        #expect(try #require(MediaTiming.evaluate(fwd, atParentTime: 5)).fraction == 1)
        #expect(MediaTiming.evaluate(fwd, atParentTime: -1) == nil)
        let back = params { $0.fillMode = .backwards; $0.beginTime = 3 }
        let b = try #require(MediaTiming.evaluate(back, atParentTime: 1))
        #expect(b.phase == .before && b.fraction == 0)
        #expect(MediaTiming.evaluate(back, atParentTime: 6) == nil)
        let both = params { $0.fillMode = .both; $0.beginTime = 3 }
        #expect(MediaTiming.evaluate(both, atParentTime: 0)?.fraction == 0)
        #expect(MediaTiming.evaluate(both, atParentTime: 100)?.fraction == 1)
    }

    @Test func speedScalesTime() throws {
        let p = params { $0.speed = 2 }
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 0.5)).fraction == 0.5)
        #expect(MediaTiming.evaluate(p, atParentTime: 1.0) == nil)  // active duration 2 s of local time = 1 s parent
        let paused = params { $0.speed = 0; $0.timeOffset = 1.5 }
        #expect(try #require(MediaTiming.evaluate(paused, atParentTime: 1000)).fraction == 0.75)
    }

    @Test func timeOffsetWrapsWithinTheCycle() throws {
        // duration 2, offset 1: starts half way, reaches the end at parent 1, wraps to 0.
        let p = params { $0.timeOffset = 1; $0.repeatCount = 2 }
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 0)).fraction == 0.5)
        let s = try #require(MediaTiming.evaluate(p, atParentTime: 1.5))
        #expect(s.fraction == 0.25 && s.iteration == 1)
    }

    @Test func repeatCountAndFractionalRepeat() throws {
        let p = params { $0.repeatCount = 2.5; $0.fillMode = .forwards }
        #expect(MediaTiming.activeDuration(p) == 5)
        let s = try #require(MediaTiming.evaluate(p, atParentTime: 3))
        #expect(s.fraction == 0.5 && s.iteration == 1)
        let end = try #require(MediaTiming.evaluate(p, atParentTime: 9))
        #expect(end.phase == .after && end.fraction == 0.5 && end.iteration == 2)
        let whole = params { $0.repeatCount = 2; $0.fillMode = .forwards }
        let e2 = try #require(MediaTiming.evaluate(whole, atParentTime: 4))
        #expect(e2.fraction == 1 && e2.iteration == 1)
    }

    @Test func repeatDurationAndInfinity() throws {
        let p = params { $0.repeatDuration = 3 }
        #expect(MediaTiming.activeDuration(p) == 3)
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 2.5)).fraction == 0.25)
        let forever = params { $0.repeatCount = .infinity }
        let s = try #require(MediaTiming.evaluate(forever, atParentTime: 1_000_001))
        #expect(s.fraction == 0.5 && s.iteration == 500_000)
    }

    @Test func autoreversePlaysBack() throws {
        let p = params { $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(MediaTiming.activeDuration(p) == 4)
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 1)).fraction == 0.5)
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 3)).fraction == 0.5)
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 3.5)).fraction == 0.25)
        #expect(try #require(MediaTiming.evaluate(p, atParentTime: 10)).fraction == 0)
    }

    @Test func layerTimeConversionRoundTrips() {
        let l = MediaTiming.localTime(fromParent: 10, beginTime: 4, speed: 0.5, timeOffset: 1)
        #expect(l == 4)
        #expect(MediaTiming.parentTime(fromLocal: 4, beginTime: 4, speed: 0.5, timeOffset: 1) == 10)
        #expect(MediaTiming.parentTime(fromLocal: 4, beginTime: 4, speed: 0, timeOffset: 1) == 4)
    }

    @Test func zeroDurationJumpsToEnd() {
        var p = MediaTimingParameters(); p.fillMode = .forwards
        #expect(MediaTiming.evaluate(p, atParentTime: 0)?.fraction == 1)
    }
}
