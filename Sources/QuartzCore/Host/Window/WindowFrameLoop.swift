import Foundation

/// A window's render thread: the window host beside the offscreen host, over the same frame
/// producer (our addition; on Apple this is the render server).
///
/// The thread reads only the render tree (snapshots published by commits), so running
/// animations keep moving while the main thread is blocked, as in Core Animation's render
/// server model. Each display refresh it builds the frame for the time it will show, on the
/// system media clock (`CACurrentMediaTime()`), and hands it to the `FramePresenter`: passes for
/// a GPU surface that keeps its pixels (damage against the last frame), or the CPU
/// compositor's pixels. A frame that changes nothing is not presented.
///
/// After a frame it asks the main queue to catch up to that time (`CALayerHost.catchUp`:
/// animation events, delegates, completion blocks, one commit) and to step
/// `CADisplayLinkSource.main`, so display-link closures run on the main queue in step with the
/// display. Requests are coalesced: a blocked main queue gets one catch-up to the latest frame.
///
/// Nothing is drawn when nothing changes: the thread sleeps until a commit reaches the tree, the
/// window is resized or exposed, or a display link is added, while no animation runs (as the
/// render server does). Use `start()` and `stop()` from the main thread.
package final class WindowFrameLoop: @unchecked Sendable {   // mutable state under `condition`
    /// The window's content area: its size in points and the display's pixels per point.
    package struct Viewport: Equatable, Sendable {
        package var size: CGSize
        package var scale: CGFloat
        package init(size: CGSize, scale: CGFloat) { self.size = size; self.scale = scale }
    }

    /// The most pixels a frame may have (64 Mpx, 256 MB of premultiplied ARGB): a larger window
    /// is drawn at a lower scale and stretched by the presenter (one line says so).
    package static let maximumFramePixels = 64 << 20

    private let condition = NSCondition()
    private let producer: FrameProducer            // render thread only
    private let hostBox: UncheckedBox<CALayerHost> // main thread only
    private let clock = CASystemMediaClock()
    private var presenter: any FramePresenter
    private var viewport: Viewport
    private var rate: Double
    private var dirty = true, exposed = false
    private var animating = true
    /// The time of the latest frame the main queue has not caught up with.
    private var mainPending: CFTimeInterval?
    private var running = false, finished = true
    private var frames = (presented: 0, unchanged: 0, failed: 0)
    private var presentedAt: CFTimeInterval = 0
    /// Seconds from the start of each presented frame's build to its present's return, the
    /// last `durationCapacity` (benchmarks: frame-time percentiles).
    private var durations: [Double] = []
    private static let durationCapacity = 4096
    private var saidReduced = false
    /// Presenters replaced, closed by the render thread (the one that used them).
    private var retired: [any FramePresenter] = []
    /// Called on the render thread when the presenter fails; the window swaps in another
    /// (`replacePresenter`) or stops.
    package var onPresentFailure: (@Sendable (any Error) -> Void)?
    /// Called on the render thread with a sentence when a frame is degraded (reduced scale).
    package var report: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("QuartzCore: \($0)\n".utf8)) }

    /// A loop for `rootLayer`'s tree (y down, origin top-left, as UIKit's window) in `viewport`.
    /// Call on the main thread: the render tree is seeded from the committed model.
    package init(rootLayer: CALayer, viewport: Viewport, refreshRate: Double, presenter: any FramePresenter) {
        rootLayer.hostIsFlipped = true
        let host = CALayerHost(rootLayer: rootLayer, startTime: 0)
        rootLayer.hostClock = clock      // the window's frames run on the system clock
        hostBox = UncheckedBox(host)
        CATransaction.flush()
        let tree = RenderTree(root: rootLayer)
        producer = FrameProducer(tree: tree)
        self.viewport = viewport
        self.presenter = presenter
        rate = Self.clampedRate(refreshRate)
        host.animatedLayers = { [weak tree] in tree?.animatedLayers() }
        tree.observeCommits { [weak self] in self?.setNeedsFrame() }
        CADisplayLinkSource.main.observeLinks(self) { [weak self] in self?.setNeedsFrame() }
    }

    deinit { CADisplayLinkSource.main.stopObserving(self) }

    private static func clampedRate(_ fps: Double) -> Double { fps.isFinite ? min(max(fps, 1), 1000) : 60 }

    /// The host whose clock is the system's (the window's layers, as the main queue sees them).
    package var host: CALayerHost { hostBox.value }

    /// The display's refresh rate, frames per second (1…1000).
    package var refreshRate: Double {
        get { condition.withLock { rate } }
        set { condition.withLock { rate = Self.clampedRate(newValue) } }
    }

    /// The presenter now in use.
    package var currentPresenter: any FramePresenter { condition.withLock { presenter } }

    /// Frames presented, frames not presented because nothing changed, frames that failed.
    package var frameCounts: (presented: Int, unchanged: Int, failed: Int) { condition.withLock { frames } }

    /// When the last present returned (system media clock): what input-to-screen latency is
    /// measured against.
    package var lastPresentTime: CFTimeInterval { condition.withLock { presentedAt } }

    /// Build-to-present seconds of the recent presented frames (oldest first), and forgets them.
    package func takeFrameDurations() -> [Double] {
        condition.withLock { defer { durations = [] }; return durations }
    }

    /// Whether the render thread is asleep (nothing animates, nothing changed).
    package var isIdle: Bool {
        condition.withLock { running && !wantsFrame }
    }

    /// A new size or scale (the window was resized, or moved to another display).
    package func setViewport(_ v: Viewport) {
        condition.withLock {
            guard v != viewport else { return }
            viewport = v; dirty = true; condition.broadcast()
        }
    }

    /// Something changed that the next frame must show (a commit; called by the tree).
    package func setNeedsFrame() {
        condition.withLock { dirty = true; condition.broadcast() }
    }

    /// The window system lost the window's pixels: show the last frame again.
    package func setNeedsRedisplay() {
        condition.withLock { exposed = true; condition.broadcast() }
    }

    /// Presents with `p` from the next frame on (drawn whole: `p` has none of the old pixels).
    package func replacePresenter(_ p: any FramePresenter) {
        condition.withLock {
            retired.append(presenter)
            presenter = p; dirty = true; condition.broadcast()
        }
    }

    /// Starts the render thread (no effect if it runs).
    package func start() {
        condition.withLock {
            guard !running else { return }
            running = true; finished = false
            let t = Thread { [self] in run() }
            t.name = "CAWindow render"
            t.start()
        }
    }

    /// Stops the render thread after its current frame and waits for it; the presenter is closed.
    package func stop() {
        condition.lock()
        running = false
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// Whether a frame is wanted now (caller holds the lock). A catch-up still pending on the
    /// main queue does not count: each frame posts one, so the loop would never sleep; what the
    /// catch-up changes arrives as a commit (`dirty`), and `animating` keeps its last answer
    /// until the main queue gives the next.
    private var wantsFrame: Bool {
        dirty || exposed || animating || CADisplayLinkSource.main.hasActiveLinks
    }

    private func run() {
        var next = clock.now
        var closing: (any FramePresenter)?
        while true {
            condition.lock()
            var slept = false
            while running && !wantsFrame { condition.wait(); slept = true }
            guard running else { closing = presenter; retired.forEach { $0.close() }; retired = []; condition.unlock(); break }
            let v = viewport, p = presenter, redisplay = exposed, interval = 1 / rate
            let old = retired
            dirty = false; exposed = false; retired = []
            condition.unlock()
            if !old.isEmpty {
                for r in old { r.close() }
                producer.forgetPrevious(); producer.forgetKeptTarget()   // the new one has no pixels
            }
            // After sleeping the frame shows as soon as it can; else at the next refresh.
            let now = clock.now
            if slept || next < now - interval { next = now }
            if !p.waitsForVsync, next > now { Thread.sleep(forTimeInterval: next - now) }
            let t = next
            draw(at: t, v, p, redisplay: redisplay)
            next = t + interval
            catchUpOnMain(to: t, interval: interval)
        }
        closing?.close()
        condition.withLock { finished = true; condition.broadcast() }
    }

    /// Builds the frame at `t` and hands it to `p` (render thread).
    private func draw(at t: CFTimeInterval, _ v: Viewport, _ p: any FramePresenter, redisplay: Bool) {
        guard let geometry = geometry(for: v) else { return }
        let started = clock.now
        do {
            if p.compositesPasses {
                let frame = producer.keptTargetFrame(at: t, geometry: geometry)
                if frame.isUnchanged {
                    if redisplay { _ = try p.redisplay() }
                    condition.withLock { frames.unchanged += 1 }
                    return
                }
                try p.present(frame)
            } else {
                // A presenter that kept nothing to show again gets this frame whole.
                if redisplay, try !p.redisplay() { producer.forgetPrevious() }
                let frame = producer.prepare(at: t, geometry: geometry)
                if frame.damage?.isNull == true {
                    condition.withLock { frames.unchanged += 1 }
                    return
                }
                guard let pixels = producer.draw(frame) else {
                    condition.withLock { frames.failed += 1 }
                    return
                }
                try p.present(pixels: pixels, damage: producer.lastDamage)
            }
            let now = clock.now
            condition.withLock {
                frames.presented += 1; presentedAt = now
                if durations.count == Self.durationCapacity { durations.removeFirst(Self.durationCapacity / 2) }
                durations.append(now - started)
            }
        } catch PresenterError.lostPixels {
            // Recovered, but the kept pixels are gone: the next frame is drawn whole, at once.
            producer.forgetKeptTarget(); producer.forgetPrevious()
            condition.withLock { frames.failed += 1; dirty = true }
        } catch {
            producer.forgetKeptTarget()
            condition.withLock { frames.failed += 1 }
            onPresentFailure?(error)
        }
    }

    /// The frame's geometry: the viewport at its scale, or at a lower one when the frame would
    /// exceed `maximumFramePixels` or a side of `CAOffscreenRenderer.maximumPixelSide`; nil for
    /// a window with no pixels (0 × 0, or sizes that are not finite).
    private func geometry(for v: Viewport) -> FrameGeometry? {
        let w = Double(v.size.width), h = Double(v.size.height), s = Double(v.scale)
        guard w.isFinite, h.isFinite, s.isFinite, s > 0, w * s >= 1, h * s >= 1 else { return nil }
        let side = Double(CAOffscreenRenderer.maximumPixelSide)
        let scale = min(s, (Double(Self.maximumFramePixels) / (w * h)).squareRoot(), side / w, side / h)
        if scale < s, !saidReduced {
            saidReduced = true
            report(String(format: "a %.0f×%.0f-point window at scale %.2f is over the frame limit; drawn at scale %.3f",
                          w, h, s, scale))
        }
        guard w * scale >= 1, h * scale >= 1 else { return nil }
        return .host(viewport: v.size, scale: CGFloat(scale), flipped: true)
    }

    /// Asks the main queue to deliver what fell due by `t` and step the main display (once for
    /// any number of frames while it is busy).
    private func catchUpOnMain(to t: CFTimeInterval, interval: CFTimeInterval) {
        let posted = condition.withLock { () -> Bool in
            defer { mainPending = t }
            return mainPending != nil
        }
        guard !posted else { return }
        DispatchQueue.main.async { [self] in
            while let t = condition.withLock({ mainPending }) {
                // Display-link closures prepare the next frame (Apple's targetTimestamp).
                CADisplayLinkSource.main.framesPerSecond = 1 / interval
                CADisplayLinkSource.main.step(to: t + interval)
                host.catchUp(to: t, on: clock)
                let running = Self.hasRunningAnimations(producer.tree)
                let done = condition.withLock { () -> Bool in
                    guard mainPending == t else { return false }
                    mainPending = nil; animating = running
                    condition.broadcast()
                    return true
                }
                if done { return }
            }
        }
    }

    /// Whether any animation in the tree has not ended (main thread: reads the committed model).
    /// An animation kept after its end (`isRemovedOnCompletion` false) no longer moves.
    private static func hasRunningAnimations(_ tree: RenderTree) -> Bool {
        tree.animatedLayers().contains { layer in
            layer.committed?.animations.contains { !$0.didStop } ?? false
        }
    }
}
