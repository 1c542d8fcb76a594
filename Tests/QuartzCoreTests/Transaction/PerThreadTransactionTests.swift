import Testing
import Foundation
@testable import QuartzCore

/// Transaction state Apple keeps per thread stays per thread: a completion block set in one
/// thread's transaction is not another thread's.
@Suite("Per-thread transaction state")
struct PerThreadTransactionTests {
    @Test func completionBlockIsThePerThreadTransactions() {
        CATransaction.begin()
        CATransaction.setCompletionBlock {}
        #expect(CATransaction.completionBlock() != nil)
        let seenElsewhere = LockedFlag()
        let done = DispatchSemaphore(value: 0)
        let t = Thread {
            CATransaction.begin()
            seenElsewhere.set(CATransaction.completionBlock() != nil)
            CATransaction.setCompletionBlock {}
            CATransaction.setCompletionBlock(nil)
            CATransaction.commit()
            done.signal()
        }
        t.start()
        done.wait()
        #expect(seenElsewhere.value == false)
        // The other thread's set and clear left this transaction's block alone.
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.setCompletionBlock(nil)
        #expect(CATransaction.completionBlock() == nil)
        CATransaction.commit()
    }
}
