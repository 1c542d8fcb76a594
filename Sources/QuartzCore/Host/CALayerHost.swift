/// Owns a layer tree's clock and moves it forward: the minimal host of the animation engine.
/// (Our addition; Apple's hosts are windows and the render server.)
///
/// `update(to:)` is one host frame at a chosen time: it commits pending changes at the time they
/// were made (the clock's current time, before it moves), advances the clock, delivers animation
/// events (start, stop, removal on completion) and commits the removals. Offline export and tests call it at `t = n / fps`
/// (computed, not summed), so chained animations are deterministic. Use it on one thread — the
/// main thread for Apple's delegate threading.
public final class CALayerHost {
    public let rootLayer: CALayer
    public let clock: CAManualMediaClock

    /// A host for `rootLayer` whose clock starts at `startTime` seconds.
    public init(rootLayer: CALayer, startTime: CFTimeInterval = 0) {
        self.rootLayer = rootLayer
        self.clock = CAManualMediaClock(start: startTime)
    }

    /// Advances the clock to `time` (never backwards) and runs one host frame.
    public func update(to time: CFTimeInterval) {
        withClock {
            CATransaction.flush()
            clock.set(to: time)
            rootLayer.deliverAnimationEvents(upTo: clock.now)
            CATransaction.flush()
        }
    }

    /// Runs `body` with this host's clock as the current media clock (what `CACurrentMediaTime()`
    /// and `presentation()` read).
    public func withClock<R>(_ body: () throws -> R) rethrows -> R {
        try CAMediaClockContext.$current.withValue(clock) { try body() }
    }
}
