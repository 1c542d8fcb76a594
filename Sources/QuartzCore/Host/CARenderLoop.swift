import Foundation

/// Renders a host's layer tree on its own thread at a fixed frame rate (our addition).
///
/// The loop reads only the render tree (snapshots published by commits), so animations keep
/// advancing while the model thread is blocked; changes appear after their commit. Frame n is
/// drawn for time `start + n / framesPerSecond` (computed, not summed) on `clock`, waiting until
/// the clock reaches it. After each frame the loop asks the main queue to deliver animation
/// events (start, stop, removal on completion) up to that time, with the delegates and
/// completion blocks they make due and one commit, as the offscreen host does
/// (`CALayerHost.catchUp(to:on:)`). `frameHandler` runs on the render thread.
public final class CARenderLoop: @unchecked Sendable {
    private let hostBox: UncheckedBox<CALayerHost>
    private let framesPerSecond: Double
    private let clock: any CAMediaClock
    private let frameHandler: @Sendable (CGImage, CFTimeInterval) -> Void
    private let lock = NSCondition()
    private var running = false
    private var finished = true
    /// The loop's own frames over the renderer's render tree (own caches and damage: it runs on
    /// another thread). It does not redraw backing stores of animated `needsDisplay(forKey:)`
    /// layers: that would run `draw(in:)` on the render thread.
    private let producer: FrameProducer
    private let geometry: FrameGeometry

    /// A loop over `renderer`'s tree; `framesPerSecond` is clamped to 1…1000.
    public init(renderer: CAOffscreenRenderer, framesPerSecond: Double = 60,
                clock: any CAMediaClock = CASystemMediaClock(),
                frameHandler: @escaping @Sendable (CGImage, CFTimeInterval) -> Void) {
        self.hostBox = UncheckedBox(renderer.host)
        self.framesPerSecond = framesPerSecond.isFinite ? min(max(framesPerSecond, 1), 1000) : 60
        self.clock = clock
        self.frameHandler = frameHandler
        renderer.rootLayer.hostClock = clock      // the tree's commits now run on the loop's clock
        producer = FrameProducer(tree: renderer.tree)
        geometry = renderer.geometry
    }

    /// Starts the render thread (no effect if it is running).
    public func start() {
        lock.lock(); defer { lock.unlock() }
        guard !running else { return }
        running = true; finished = false
        let t = Thread { [self] in self.run() }
        t.name = "CARenderLoop"
        t.start()
    }

    /// Stops the render thread and waits for its current frame to finish.
    public func stop() {
        lock.lock()
        running = false
        while !finished { lock.wait() }
        lock.unlock()
    }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    private func run() {
        let start = clock.now
        var n = 0.0
        while isRunning {
            let t = start + n / framesPerSecond
            n += 1
            let wait = t - clock.now
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            if let image = render(at: t) { frameHandler(image, t) }
            let host = hostBox, clock = clock
            DispatchQueue.main.async { host.value.catchUp(to: t, on: clock) }
        }
        lock.lock(); finished = true; lock.broadcast(); lock.unlock()
    }

    /// A frame of what is ready: tiled layers' missing tiles are drawn in the background and
    /// shown in a later frame, never waited for on the render thread.
    private func render(at t: CFTimeInterval) -> CGImage? {
        TiledLayerRendering.$waitsForTiles.withValue(false) {
            producer.frame(at: t, geometry: geometry)?.makeCGImage()
        }
    }
}
