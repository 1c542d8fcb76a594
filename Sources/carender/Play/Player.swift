import CQuartzSDL2
import Foundation
import QuartzCore
import QuartzCoreWindow

/// `play`'s window: a `CAWindow` whose root (black) holds a stage layer of the content's size,
/// letterboxed into the window (scaled to fit, centred) and y-up for CAML scenes
/// (`isGeometryFlipped`), with the content's root inside. Scene time is the stage's: its speed is
/// 0 and a display link on `.main` sets its `timeOffset` each display frame to the scene time of
/// the frame being prepared (`PlayClock`: pause, `--time`), so states, pauses and the test hooks'
/// fixed steps work as `render`'s frame times do; transitions added at a key press begin at the
/// scene time shown. The window's render thread draws and presents.
final class Player {
    let window: CAWindow
    let content: any PlayContent
    let options: PlayOptions
    private let stage = CALayer()
    private let hooks = PlayHooks()
    private var clock: PlayClock?
    /// Display frames so far (the display link's calls).
    private var frames = 0
    private var began = 0.0
    /// The scene time the stage shows; a state change asks for the frame again.
    private var shownTime: Double?
    private var needsRender = true
    private var saidNoStates = false
    /// When the last frame showed (media time): pausing stops there.
    private var lastTarget = 0.0
    private var link: CADisplayLink?

    init(window: CAWindow, content: any PlayContent, options: PlayOptions) {
        self.window = window; self.content = content; self.options = options
        window.rootLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        stage.bounds = CGRect(origin: .zero, size: content.size)
        stage.masksToBounds = true
        stage.isGeometryFlipped = !content.isFlipped
        stage.speed = 0
        stage.addSublayer(content.rootLayer)
        window.rootLayer.addSublayer(stage)
        layOutStage()
    }

    /// Plays until Esc, a close request or `--frames N`; then exits 0 with one line.
    func run() -> Never {
        window.closesOnRequest = false
        window.eventHandler = { [unowned self] event in handle(event) }
        let link = CADisplayLink { [unowned self] link in frame(link) }
        link.add(to: .main, forMode: .common)
        self.link = link
        CAWindow.run()
    }

    /// The stage scaled to fit the window (aspect kept: black bars) and centred.
    private func layOutStage() {
        let w = window.size, c = content.size
        let k = min(w.width / max(c.width, 1e-9), w.height / max(c.height, 1e-9))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        stage.position = CGPoint(x: w.width / 2, y: w.height / 2)
        stage.setAffineTransform(k == 1 ? .identity : CGAffineTransform(scaleX: k, y: k))
        CATransaction.commit()
    }

    /// One display frame (on the main queue, after the window presented the last one): the
    /// stage is set to the scene time of the frame being prepared, which the render thread
    /// draws next.
    private func frame(_ link: CADisplayLink) {
        frames += 1
        let now = link.targetTimestamp
        if clock == nil {
            began = now
            clock = PlayClock(start: options.render.time ?? 0, now: now, paused: options.startPaused)
        }
        // After `--frames N`: the stage stays at frame N's time for one more display frame, so
        // the render thread (which runs beside this queue) has surely drawn and shown it.
        if let n = options.frameLimit, frames > n {
            if frames == n + 1 { return }
            hooks.saveScreenshot(window)
            finish(frames: n)
        }
        hooks.beforeFrame(frames, window)
        let target = hooks.fixedStep.map { began + Double(frames - 1) * $0 } ?? now
        lastTarget = target
        let t = clock!.sceneTime(at: target)
        if needsRender || shownTime != t {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            stage.timeOffset = content.prepare(t)
            CATransaction.commit()
            shownTime = t; needsRender = false
        }
        hooks.afterFrame(frames, window)
        hooks.midFrame(frames, window)
        // Hooked keys and close requests act within this frame, as a key pressed then would.
        SDLEventPump.shared.pump()
    }

    private func handle(_ event: CAWindowEvent) {
        switch event {
        case .closeRequested:
            finish(frames: min(frames, options.frameLimit ?? .max))
        case .keyDown(let k) where !k.isRepeat:
            if let action = PlayAction(key: SDL_Keycode(truncatingIfNeeded: k.keyCode)) { perform(action) }
        case .resized:
            layOutStage()
        default:
            break
        }
    }

    private func perform(_ action: PlayAction) {
        switch action {
        case .quit:
            finish(frames: frames)
        case .togglePause:
            clock?.toggle(at: lastTarget)
            note(clock?.isPaused == true ? String(format: "paused at %.3f s", clock!.sceneTime(at: 0)) : "playing")
        case .step, .state:
            let names = content.stateNames
            guard !names.isEmpty else {
                if !saidNoStates { note("this scene has no states") }
                saidNoStates = true
                return
            }
            let current = content.currentState.flatMap { names.firstIndex(of: $0) }
            guard let i = action.stateIndex(from: current, count: names.count), i != current else { return }
            content.go(to: names[i])
            needsRender = true
            note("state \(printable(names[i]))" + (clock?.isPaused == true ? " (paused: space plays its transition)" : ""))
        }
    }

    /// Closes the window and exits 0, saying how many frames showed and at what rate.
    private func finish(frames shown: Int) -> Never {
        link?.invalidate()
        let seconds = CACurrentMediaTime() - began
        let rate = window.loop.refreshRate
        window.close()
        note(String(format: "played %d frames in %.2f s (%.1f a second; timer at %.0f Hz)", shown, seconds,
                    Double(shown) / max(seconds, 1e-9), rate))
        exit(0)
    }
}
