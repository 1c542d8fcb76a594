import Testing
import QuartzCore

/// `CACurrentMediaTime()` is monotonic seconds (https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime);
/// hosts and tests make their own clock current per task.
@Suite("Media clock")
struct MediaClockTests {
    @Test func systemClockIsMonotonic() {
        let a = CACurrentMediaTime(), b = CACurrentMediaTime()
        #expect(b >= a && a > 0)
    }

    @Test func manualClockIsSeenThroughTheTaskLocal() {
        let clock = CAManualMediaClock(start: 100)
        CAMediaClockContext.$current.withValue(clock) {
            #expect(CACurrentMediaTime() == 100)
            clock.advance(by: 0.25)
            #expect(CACurrentMediaTime() == 100.25)
            clock.advance(by: -5)     // ignored: time never runs backwards
            clock.set(to: 50)         // ignored
            #expect(CACurrentMediaTime() == 100.25)
        }
    }

    @Test func parallelTasksSeeTheirOwnClocks() async {
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let clock = CAManualMediaClock(start: Double(i) * 10)
                    return await CAMediaClockContext.$current.withValue(clock) {
                        await Task.yield()
                        return CACurrentMediaTime() == Double(i) * 10
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
