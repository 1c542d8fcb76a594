import Testing
import Foundation
@testable import QuartzCore

/// Delegate callbacks, removal on completion and transaction completion blocks
/// (https://developer.apple.com/documentation/quartzcore/caanimationdelegate,
/// https://developer.apple.com/documentation/quartzcore/catransaction/setcompletionblock(_:)).
@Suite("Animation lifecycle", .serialized)
struct AnimationLifecycleTests {
    func anim(_ key: String, duration: Double, begin: Double = 0, log: EventLog) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = 0; a.toValue = 1; a.duration = duration; a.beginTime = begin; a.delegate = log
        return a
    }

    @Test func startAndStopInTimeOrder() {
        let (host, root) = makeHost()
        let log = EventLog("a"), log2 = EventLog("b")
        let shared = SharedLog()
        log.sink = shared; log2.sink = shared
        host.withClock {
            root.add(anim("opacity", duration: 1, log: log), forKey: "a")
            root.add(anim("zPosition", duration: 2, begin: 0.5, log: log2), forKey: "b")
        }
        host.update(to: 0.1)
        #expect(shared.lines == ["a start"])
        host.update(to: 3)       // one frame covering b's start, a's stop and b's stop, in time order
        #expect(shared.lines == ["a start", "b start", "a stop true", "b stop true"])
        #expect(root.animationKeys() == nil)
    }

    @Test func removedAnimationsStopUnfinished() {
        let (host, root) = makeHost()
        let log = EventLog("a")
        host.withClock { root.add(anim("opacity", duration: 1, log: log), forKey: "a") }
        host.update(to: 0.5)
        host.withClock { root.removeAnimation(forKey: "a") }
        #expect(log.events == ["a start", "a stop false"])
        host.update(to: 2)
        #expect(log.events.count == 2)
    }

    @Test func notRemovedOnCompletionStillReportsFinished() {
        let (host, root) = makeHost()
        let log = EventLog("a")
        let a = anim("opacity", duration: 1, log: log)
        a.isRemovedOnCompletion = false; a.fillMode = .forwards
        host.withClock { root.add(a, forKey: "a") }
        host.update(to: 2)
        #expect(log.events == ["a start", "a stop true"])
        #expect(root.animationKeys() == ["a"])
    }

    @Test func infiniteAnimationsNeverStop() {
        let (host, root) = makeHost()
        let log = EventLog("a")
        let a = anim("opacity", duration: 1, log: log); a.repeatCount = .infinity
        host.withClock { root.add(a, forKey: "a") }
        host.update(to: 1000)
        #expect(log.events == ["a start"])
    }

    @Test func completionBlockWaitsForTheTransactionsAnimations() async {
        let (host, root) = makeHost()
        let done = LockedFlag()
        host.withClock {
            CATransaction.begin()
            CATransaction.setCompletionBlock { done.set(true) }
            root.add(anim("opacity", duration: 1, log: EventLog()), forKey: "a")
            CATransaction.commit()
        }
        host.update(to: 0.5)
        await drainMainQueue()
        #expect(done.value == nil)
        host.update(to: 1.5)
        await drainMainQueue()
        #expect(done.value == true)
    }
}

/// Collects lines from several EventLogs in one order.
final class SharedLog { var lines: [String] = [] }

