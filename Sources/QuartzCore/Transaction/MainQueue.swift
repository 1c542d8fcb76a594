import Foundation

/// Knows whether code runs on the main queue. `Thread.isMainThread` is not enough on Linux: when
/// the main thread is busy elsewhere (a test runner's async main, say) libdispatch may drain the
/// main queue on another thread, and code there is still "on the main queue" as Apple means it.
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// True on the main thread and inside blocks run by the main queue.
    static var isCurrent: Bool {
        Thread.isMainThread || isDrainingMainQueue
    }

    /// True inside blocks run by the main queue, whichever thread runs them (cheaper than
    /// `isCurrent`: `Thread.isMainThread` looks up a Foundation thread object).
    static var isDrainingMainQueue: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}
