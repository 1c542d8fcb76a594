import Foundation

/// A timer that calls its handler once per display frame, synchronised with a display's
/// refresh: Apple's `CADisplayLink` (https://developer.apple.com/documentation/quartzcore/cadisplaylink).
///
/// **Difference from Apple:** the initializer takes a closure instead of a target and selector
/// (`#selector` needs the Objective-C runtime, which Linux lacks). The link holds its handler
/// (and what it captures) strongly until `invalidate()`, as Apple holds the target.
///
/// A link does nothing until `add(to:forMode:)`; it then fires at each step of its display
/// (`CADisplayLinkSource`: a host's, or `.main`) whose mode matches, on the thread that steps
/// it. In the handler, `targetTimestamp` is the time of the frame being prepared (the host
/// clock's frame time; `CACurrentMediaTime()` reads the same inside a host's step),
/// `timestamp` the previous frame's time and `duration` the display's refresh interval.
open class CADisplayLink: @unchecked Sendable {   // mutable state under `lock`
    private let lock = NSLock()
    private var handler: ((CADisplayLink) -> Void)?
    private var modes: [(RunLoop, RunLoop.Mode)] = []
    private var paused = false
    private var range = CAFrameRateRange.default
    private var times: (timestamp: CFTimeInterval, target: CFTimeInterval, duration: CFTimeInterval) = (0, 0, 0)
    private var lastFired: CFTimeInterval?
    /// The display whose frames drive the link.
    public let source: CADisplayLinkSource

    /// A link on `source` (the process's display by default) calling `handler` once per frame.
    public init(source: CADisplayLinkSource = .main, handler: @escaping (CADisplayLink) -> Void) {
        self.source = source
        self.handler = handler
    }

    /// The time of the last frame shown, seconds. 0 before the first callback.
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp)
    public var timestamp: CFTimeInterval { lock.withLock { times.timestamp } }

    /// The time the next frame shows, seconds: prepare it for then.
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp)
    public var targetTimestamp: CFTimeInterval { lock.withLock { times.target } }

    /// Seconds between the display's refreshes (set at the first callback).
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/duration)
    public var duration: CFTimeInterval { lock.withLock { times.duration } }

    /// Whether callbacks are suspended. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/ispaused)
    public var isPaused: Bool {
        get { lock.withLock { paused } }
        set {
            let resumed = lock.withLock { () -> Bool in defer { paused = newValue }; return paused && !newValue }
            if resumed { source.linksChanged() }
        }
    }

    /// The rate the handler wants; the link skips display frames to approach it. Default
    /// `.default` (every frame). (https://developer.apple.com/documentation/quartzcore/cadisplaylink/preferredframeraterange)
    public var preferredFrameRateRange: CAFrameRateRange {
        get { lock.withLock { range } }
        set { lock.withLock { range = newValue } }
    }

    /// Starts callbacks for frames of `mode` (`.common` covers `.default`); adding an invalidated
    /// link does nothing. (https://developer.apple.com/documentation/quartzcore/cadisplaylink/add(to:formode:))
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let attach = lock.withLock { () -> Bool in
            guard handler != nil else { return false }
            if !modes.contains(where: { $0.0 === runloop && $0.1 == mode }) { modes.append((runloop, mode)) }
            return true
        }
        if attach { source.attach(self) }
    }

    /// Stops callbacks for `mode` on `runloop`; the link is let go when no mode is left.
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/remove(from:formode:))
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let empty = lock.withLock { () -> Bool in
            modes.removeAll { $0.0 === runloop && $0.1 == mode }
            return modes.isEmpty
        }
        if empty { source.detach(self) }
    }

    /// Removes the link from every mode and releases its handler; it never fires again.
    /// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate())
    public func invalidate() {
        let old = lock.withLock { () -> ((CADisplayLink) -> Void)? in
            defer { handler = nil; modes = [] }
            return handler
        }
        source.detach(self)
        _ = old   // released here, outside the lock (its captures may run deinit code)
    }

    /// One display frame: calls the handler if the link runs in `mode`, is not paused and is
    /// due at its preferred rate.
    func fire(timestamp: CFTimeInterval, target: CFTimeInterval, mode: RunLoop.Mode, display: CADisplayLinkSource) {
        let call = lock.withLock { () -> ((CADisplayLink) -> Void)? in
            guard let handler, !paused,
                  modes.contains(where: { $0.1 == mode || $0.1 == .common && mode == .default }) else { return nil }
            let rate = range.effectiveRate(native: display.framesPerSecond)
            // A target before the last one is a display whose times started afresh (another
            // host drives it now): the link fires and counts from there.
            if let last = lastFired, target >= last, target - last < 1 / rate - 0.5 / display.framesPerSecond { return nil }
            lastFired = target
            times = (timestamp, target, display.refreshInterval)
            return handler
        }
        call?(self)
    }
}
