import Foundation

/// The display a `CADisplayLink` is synchronised with: its refresh rate and the frames that
/// drive its links (our addition; on Apple this is the screen).
///
/// A host calls `step(to:)` once per frame with the time that frame shows: `CALayerHost` (so
/// `CAOffscreenRenderer`) steps its own source at each `update(to:)` and `CARenderLoop` at each
/// frame it draws, so offline export and tests drive links deterministically at their frame
/// times. `main` is the process's display for links made without a source: a window host steps
/// it from its vsync (`carender play` does, at the window's refresh rate); while no window
/// drives it, each `CALayerHost.update(to:)` made on the main queue (so `CAOffscreenRenderer`'s
/// frames, and `carender`'s) steps it at the frame's time, so a link ported from
/// `CADisplayLink(target:selector:)` fires once per rendered frame with `timestamp` and
/// `targetTimestamp` on that host's clock. When another host starts driving it, its times start
/// afresh (the first step's `timestamp` is one refresh before). Callbacks run on the thread
/// that steps.
public final class CADisplayLinkSource: @unchecked Sendable {   // mutable state under `lock`
    /// The process's display (60 Hz), stepped by a window host.
    public static let main = CADisplayLinkSource(framesPerSecond: 60)

    /// The refresh rate, frames per second (1…1000): a window host sets the rate of the
    /// display its window is on (values are clamped; not finite gives 60).
    public var framesPerSecond: Double {
        get { lock.withLock { rate } }
        set { lock.withLock { rate = Self.clamped(newValue) } }
    }
    private var rate: Double
    private let lock = NSLock()
    private var links: [CADisplayLink] = []
    private var lastStep: CFTimeInterval?
    /// The offscreen host that stepped `main` last (its clock's times are the ones in
    /// `lastStep`).
    private weak var offscreenDriver: AnyObject?
    /// Called when a link is added or resumed (a window host wakes its idle render thread).
    private var observers: [ObjectIdentifier: @Sendable () -> Void] = [:]

    /// A display refreshing `framesPerSecond` times a second (clamped to 1…1000; 60 if not finite).
    public init(framesPerSecond: Double = 60) {
        rate = Self.clamped(framesPerSecond)
    }

    private static func clamped(_ fps: Double) -> Double { fps.isFinite ? min(max(fps, 1), 1000) : 60 }

    /// Seconds between refreshes.
    public var refreshInterval: CFTimeInterval { 1 / framesPerSecond }

    /// One display frame showing at `targetTimestamp` (seconds, the host's clock): runs the
    /// callback of every link added for `mode` (or for `.common`, which includes `.default`),
    /// not paused, and due at its preferred rate, in the order they were added. A time not later
    /// than the previous step's is ignored.
    public func step(to targetTimestamp: CFTimeInterval, mode: RunLoop.Mode = .default) {
        let (due, previous): ([CADisplayLink], CFTimeInterval?) = lock.withLock {
            guard targetTimestamp.isFinite, lastStep.map({ targetTimestamp > $0 }) ?? true else { return ([], nil) }
            defer { lastStep = targetTimestamp }
            return (links, lastStep)
        }
        let timestamp = previous ?? targetTimestamp - refreshInterval
        for link in due {
            link.fire(timestamp: timestamp, target: targetTimestamp, mode: mode, display: self)
        }
    }

    /// A step of `main` by an offscreen host's frame (`CALayerHost.update(to:)`): taken when
    /// called on the main queue and no window drives the display (window hosts observe it).
    /// A host other than the last one starts the display's times afresh: each host has its
    /// own clock.
    func step(to targetTimestamp: CFTimeInterval, fromOffscreenHost host: AnyObject) {
        guard MainQueue.isCurrent else { return }
        let take = lock.withLock { () -> Bool in
            guard observers.isEmpty else { return false }
            if offscreenDriver !== host { offscreenDriver = host; lastStep = nil }
            return !links.isEmpty
        }
        if take { step(to: targetTimestamp) }
    }

    func attach(_ link: CADisplayLink) {
        lock.withLock { if !links.contains(where: { $0 === link }) { links.append(link) } }
        linksChanged()
    }

    /// Whether any attached link is not paused: a window host keeps stepping the display for it
    /// even when nothing on screen changes (as a display link keeps the screen's refresh going).
    package var hasActiveLinks: Bool {
        let attached = lock.withLock { links }
        return attached.contains { !$0.isPaused }
    }

    /// Calls `body` (on the thread that adds or resumes a link) until `stopObserving(_:)`. A
    /// window host observes the display it drives, which tells offscreen hosts to leave it.
    package func observeLinks(_ owner: AnyObject, _ body: @escaping @Sendable () -> Void) {
        lock.withLock { observers[ObjectIdentifier(owner)] = body }
    }

    package func stopObserving(_ owner: AnyObject) {
        lock.withLock { observers[ObjectIdentifier(owner)] = nil }
    }

    /// A link was added or resumed: tells the observers.
    func linksChanged() {
        for body in lock.withLock({ Array(observers.values) }) { body() }
    }

    func detach(_ link: CADisplayLink) {
        lock.withLock { links.removeAll { $0 === link } }
    }

    /// How many links are attached (tests).
    var linkCount: Int { lock.withLock { links.count } }
}
