import Testing
import Foundation
@testable import QuartzCore

/// Records commits, standing in for a layer.
final class CommitRecorder: TransactionParticipant {
    var commits: [CFTimeInterval] = []
    func commitTransaction(_ commit: TransactionCommit) { commits.append(commit.time) }
}

/// Waits (asynchronously) until the main queue has run everything queued so far.
func drainMainQueue() async {
    await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { c.resume() }
    }
}

/// Follows https://developer.apple.com/documentation/quartzcore/catransaction: nested
/// transactions, values with defaults, flush, completion blocks on the main queue.
@Suite("CATransaction", .serialized)
struct TransactionTests {
    @Test func defaults() {
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(CATransaction.disableActions() == false)
        #expect(CATransaction.animationTimingFunction() == nil)
    }

    @Test func nestedValuesAreScoped() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)           // inherited from the outer one
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(true)
        #expect(CATransaction.animationDuration() == 5)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions() == false)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }

    @Test func valuesAcceptNumbers() {
        CATransaction.begin()
        CATransaction.setValue(NSNumber(value: 1.5), forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(NSNumber(value: true), forKey: kCATransactionDisableActions)
        #expect(CATransaction.animationDuration() == 1.5)
        #expect(CATransaction.disableActions())
        CATransaction.setValue("custom", forKey: "myKey")
        #expect(CATransaction.value(forKey: "myKey") as? String == "custom")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") == nil)
    }

    @Test func onlyTheOutermostCommitReachesParticipants() {
        CATransaction.flush()   // other tests may have left this thread an implicit transaction
        let r = CommitRecorder()
        CATransaction.begin()
        CATransaction.begin()
        CATransaction.register(r)
        CATransaction.commit()
        #expect(r.commits.isEmpty)
        CATransaction.register(r)          // registering twice commits once
        CATransaction.commit()
        #expect(r.commits.count == 1)
    }

    @Test func flushCommitsTheImplicitTransactionOffTheMainThread() async {
        let done = await Task.detached { () -> Int in
            let r = CommitRecorder()
            CATransaction.register(r)      // opens an implicit transaction on this thread
            let before = r.commits.count
            CATransaction.flush()
            return before * 10 + r.commits.count
        }.value
        #expect(done == 1)
    }

    @Test func commitTimeComesFromTheHostClock() {
        CATransaction.flush()
        let clock = CAManualMediaClock(start: 42)
        let r = CommitRecorder()
        CAMediaClockContext.$current.withValue(clock) {
            CATransaction.begin(); CATransaction.register(r); CATransaction.commit()
        }
        #expect(r.commits == [42])
    }

    @Test func completionBlockWithoutAnimationsRunsAfterCommitOnMain() async {
        let ran = LockedFlag()
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran.set(MainQueue.isCurrent) }
        #expect(ran.value == nil)
        CATransaction.commit()
        await drainMainQueue()
        #expect(ran.value == true)
    }

    @Test func completionBlockWaitsForItsAnimations() async {
        let ran = LockedFlag()
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran.set(true) }
        let group = CATransaction.currentCompletionGroup()
        group?.enter(); group?.enter()
        CATransaction.commit()
        await drainMainQueue()
        #expect(ran.value == nil)
        group?.leave()
        await drainMainQueue()
        #expect(ran.value == nil)
        group?.leave()
        await drainMainQueue()
        #expect(ran.value == true)
    }

    @Test func implicitTransactionOnTheMainQueueCommitsOnceByItself() async {
        let r = CommitRecorder()
        let box = UncheckedBox(r)
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                CATransaction.register(box.value)      // first change: opens the implicit transaction
                CATransaction.register(box.value)      // coalesced
                #expect(box.value.commits.isEmpty)     // not committed synchronously
                c.resume()
            }
        }
        // Read on the main queue, where the commit wrote: ThreadSanitizer (scripts/sanitize.sh)
        // found no ordering between that write and a read on the test's own thread.
        let count = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
            DispatchQueue.main.async { c.resume(returning: box.value.commits.count) }
        }
        #expect(count == 1)
    }

    @Test func unbalancedCommitIsIgnored() {
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var v: Bool?
    var value: Bool? { lock.lock(); defer { lock.unlock() }; return v }
    func set(_ b: Bool) { lock.lock(); v = b; lock.unlock() }
}
