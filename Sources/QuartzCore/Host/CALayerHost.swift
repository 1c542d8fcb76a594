import Foundation

/// Owns a layer tree's clock and moves it forward: the minimal host of the animation engine.
/// (Our addition; Apple's hosts are windows and the render server.)
///
/// `update(to:)` is one host frame at a chosen time, in DESIGN.md §6's order: commit pending
/// changes at the time they were made (the clock's current time, before it moves) and run the
/// completion blocks already due; then deliver each animation event (start, stop, removal on
/// completion) with the clock *at the event's own time*, running the delegates and the
/// transaction completion blocks that fall due there and committing what they changed — so an
/// animation added from `animationDidStop` or a completion block begins when the first one
/// ended, whatever the frame rate; finally move the clock to `time` and commit. Offline export
/// and tests call it at `t = n / fps` (computed, not summed), so chained animations give the
/// same frames every run. Use it on one thread — the main thread for Apple's delegate threading.
///
/// Inside `update(to:)` and `withClock`, completion blocks that fall due are run by the host
/// (at its next step), not sent to the main queue. The host also decides which layers animate
/// implicitly: only those it has shown in a frame (see `CALayer+HostPresence.swift`).
public final class CALayerHost {
    public let rootLayer: CALayer
    public let clock: CAManualMediaClock
    /// Completion blocks that fell due in this host's step, waiting to run.
    private let completions = DueCompletions()
    /// The layers of the tree that may hold animations (a render tree's list), when the host's
    /// renderer keeps one: a step then walks the whole committed tree for animation events
    /// only when one of them has an event due, so a frame costs what animates. nil (or a nil
    /// answer): every step walks the tree.
    var animatedLayers: (() -> [CALayer]?)?
    /// The display of this host's `CADisplayLink`s: stepped at every host frame, after the
    /// events and before the frame's commit, with the clock at the frame's time. `update(to:)`
    /// on the main queue steps `CADisplayLinkSource.main` too while no window drives it, so
    /// links made with the default source fire at an offscreen render's frames.
    public let displayLinkSource = CADisplayLinkSource()

    /// A host for `rootLayer` whose clock starts at `startTime` seconds.
    public init(rootLayer: CALayer, startTime: CFTimeInterval = 0) {
        self.rootLayer = rootLayer
        self.clock = CAManualMediaClock(start: startTime)
        if rootLayer.hostFrames == nil { rootLayer.hostFrames = HostFrameRecord() }
        rootLayer.hostClock = clock      // commits outside `withClock` use it (CALayer+Time.swift)
    }

    // A tree this host no longer drives goes back to the system clock (unless another host
    // took it over).
    deinit { if let c = rootLayer.hostClock as? CAManualMediaClock, c === clock { rootLayer.hostClock = nil } }

    /// Advances the clock to `time` (never backwards) and runs one host frame (see the type).
    public func update(to time: CFTimeInterval) {
        withClock {
            CATransaction.flush()
            if runDueCompletions() { CATransaction.flush() }
            deliverEvents(upTo: time) { [clock] t in clock.set(to: t) }
            clock.set(to: time)
            displayLinkSource.step(to: clock.now)
            CADisplayLinkSource.main.step(to: clock.now, fromOffscreenHost: self)
            CATransaction.flush()
            rootLayer.hostFrames?.noteFrame()
        }
    }

    /// The same step for a host whose time is not ours to set (a render loop on the system
    /// clock, on the main thread): events up to `time` in order, each with its delegates and
    /// completion blocks, then one commit — all with `clock` as the current media clock.
    public func catchUp(to time: CFTimeInterval, on clock: any CAMediaClock) {
        CAMediaClockContext.$current.withValue(clock) {
            CAHostContext.$current.withValue(completions) {
                CATransaction.flush()
                if runDueCompletions() { CATransaction.flush() }
                deliverEvents(upTo: time, setTime: nil)
                displayLinkSource.step(to: time)
                CATransaction.flush()
                rootLayer.hostFrames?.noteFrame()
            }
        }
    }

    /// Runs `body` with this host's clock as the current media clock (what `CACurrentMediaTime()`
    /// and `presentation()` read); completion blocks falling due in `body` wait for this host.
    public func withClock<R>(_ body: () throws -> R) rethrows -> R {
        try CAMediaClockContext.$current.withValue(clock) {
            try CAHostContext.$current.withValue(completions) { try body() }
        }
    }

    /// Delivers the due events in time order; after an event that ran user code (a delegate or
    /// completion block) commits and looks again, since that code may have added animations.
    private func deliverEvents(upTo time: CFTimeInterval, setTime: ((CFTimeInterval) -> Void)?) {
        if let candidates = animatedLayers?(), !rootLayer.hasDueAnimationEvents(upTo: time, among: candidates) { return }
        var events = rootLayer.dueAnimationEvents(upTo: time)[...]
        var budget = 10_000           // a delegate that re-adds zero-length animations forever
        while let e = events.popFirst(), budget > 0 {
            budget -= 1
            setTime?(e.time)
            let ranDelegate = rootLayer.deliver(e)
            if runDueCompletions() || ranDelegate {
                CATransaction.flush()
                events = rootLayer.dueAnimationEvents(upTo: time)[...]
            }
        }
        if budget == 0, !events.isEmpty {
            CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: nil,
                "animation delegates kept adding animations that end at once; later events skipped this frame"))
        }
    }

    /// Runs the due completion blocks in the order they fell due (blocks they make due run
    /// too); returns whether any ran.
    @discardableResult
    private func runDueCompletions() -> Bool {
        var ran = false
        while let block = completions.next() { block(); ran = true }
        return ran
    }
}

/// A host's queue of completion blocks that fell due during its step (the host runs them).
final class DueCompletions: @unchecked Sendable {   // blocks only move under the lock
    private let lock = NSLock()
    private var blocks: [() -> Void] = []

    func append(_ block: @escaping () -> Void) { lock.lock(); blocks.append(block); lock.unlock() }

    func next() -> (() -> Void)? {
        lock.lock(); defer { lock.unlock() }
        return blocks.isEmpty ? nil : blocks.removeFirst()
    }
}

/// The queue of the host whose step runs in the current task (where completion blocks go).
enum CAHostContext {
    @TaskLocal static var current: DueCompletions?
}
