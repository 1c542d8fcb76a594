import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Seconds, as Core Foundation's `CFTimeInterval` (Linux Foundation does not define it).
public typealias CFTimeInterval = Double

/// A source of media time in seconds.
///
/// Hosts own clocks (an offscreen renderer or a test drives a `CAManualMediaClock`; a window
/// uses the system clock), and make theirs current for a piece of code with
/// `CAMediaClockContext.$current.withValue(clock) { … }`. `CACurrentMediaTime()` reads the current
/// clock of the calling task, so tests running in parallel each see their own time.
public protocol CAMediaClock: Sendable {
    /// The current time in seconds.
    var now: CFTimeInterval { get }
}

/// The system's monotonic clock (Linux `CLOCK_MONOTONIC`, seconds since an arbitrary start; as
/// Apple's `CACurrentMediaTime()`, it never jumps with wall-clock changes).
public struct CASystemMediaClock: CAMediaClock {
    public init() {}
    public var now: CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
    }
}

/// A clock that only moves when told: deterministic time for tests and offline rendering
/// (like swift-nio's `EmbeddedEventLoop.advanceTime(by:)`).
public final class CAManualMediaClock: CAMediaClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: CFTimeInterval

    /// A clock reading `start` seconds.
    public init(start: CFTimeInterval = 0) { time = start }

    public var now: CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        return time
    }

    /// Moves the clock forward by `seconds` (negative or non-finite values are ignored: time
    /// never runs backwards).
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        lock.lock(); time += seconds; lock.unlock()
    }

    /// Sets the clock to `seconds` if that is not earlier than now (time never runs backwards).
    public func set(to seconds: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        if seconds.isFinite, seconds >= time { time = seconds }
    }
}

/// Which clock `CACurrentMediaTime()` reads in the current task (nil: the system clock).
public enum CAMediaClockContext {
    @TaskLocal public static var current: (any CAMediaClock)?
}

/// The current media time in seconds: the calling task's host clock if one is set with
/// `CAMediaClockContext`, otherwise the system monotonic clock.
/// Follows https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime.
public func CACurrentMediaTime() -> CFTimeInterval {
    (CAMediaClockContext.current ?? CASystemMediaClock()).now
}
