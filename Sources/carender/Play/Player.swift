import CQuartzSDL2
import Foundation
import QuartzCore
import QuartzCoreGL

/// `play`'s render loop. Each display refresh steps `CADisplayLinkSource.main` (at the window's
/// refresh rate) to the time the next frame shows; play's own `CADisplayLink` on it renders the
/// scene at that time, copies the frame into the window and presents it. Where the renderer
/// presents with vsync, the present waits for the vertical blank; elsewhere (SDL's software
/// renderer, Xvfb) the loop sleeps until the frame's time, a timer at the refresh rate.
final class Player {
    let window: SDLWindow
    let content: any PlayContent
    let options: PlayOptions
    private let hooks = PlayHooks()
    private var clock: PlayClock
    private var frames = 0
    /// The scene time of the frame in the window's texture.
    private var shownTime: Double?
    /// The texture must be rendered again (a state changed) / the window drawn again (resized).
    private var needsRender = true, needsDraw = true
    private var quitting = false
    private var recoveries = 0
    private var saidNoStates = false

    /// When the last frame showed (wall time): pausing stops there.
    private var lastTarget = 0.0

    init(window: SDLWindow, content: any PlayContent, options: PlayOptions) {
        self.window = window; self.content = content; self.options = options
        clock = PlayClock(start: options.render.time ?? 0, now: 0, paused: options.startPaused)
    }

    /// Plays until Esc, the window closing or `--frames N`; then closes the window and exits 0.
    func run() -> Never {
        let source = CADisplayLinkSource.main
        source.framesPerSecond = window.refreshRate
        let link = CADisplayLink { [unowned self] link in self.frame(showingAt: link.targetTimestamp) }
        link.add(to: .main, forMode: .common)
        let interval = source.refreshInterval
        let began = CACurrentMediaTime()
        var target = began
        clock = PlayClock(start: options.render.time ?? 0, now: began, paused: options.startPaused)
        while !quitting {
            handleEvents()
            if quitting { break }
            source.step(to: target)
            if let n = options.frameLimit, frames >= n { break }
            hooks.afterFrame(frames, window)
            handleEvents()
            if let step = hooks.fixedStep { target = began + Double(frames) * step; continue }
            let now = CACurrentMediaTime()
            // Early (no vsync, or one that did not wait): sleep until the frame's time.
            if now < target { Thread.sleep(forTimeInterval: target - now) }
            let after = max(now, target)
            target += interval
            if target <= after { target += ((after - target) / interval).rounded(.down) * interval + interval }
        }
        link.invalidate()
        window.close()
        let seconds = CACurrentMediaTime() - began
        note(String(format: "played %d frames in %.2f s (%.1f a second; %@ at %.0f Hz)", frames, seconds,
                    Double(frames) / max(seconds, 1e-9), window.hasVsync ? "vsync" : "timer", window.refreshRate))
        exit(0)
    }

    /// One display frame, shown at `target` (wall time).
    private func frame(showingAt target: CFTimeInterval) {
        frames += 1
        lastTarget = target
        hooks.beforeFrame(frames, content)
        let t = clock.sceneTime(at: target)
        if needsRender || shownTime != t {
            guard let buffer = content.renderer.frame(at: content.prepare(t)) else {
                window.close()
                fail(frameFailure(content.renderer, at: t), .renderFailed)
            }
            window.upload(buffer)
            shownTime = t; needsRender = false; needsDraw = true
            noteRecoveries()
        }
        let last = options.frameLimit == frames
        guard needsDraw || last else { return }
        window.draw()
        if last { hooks.saveScreenshot(window) }
        hooks.midFrame(frames, window)
        window.present()
        needsDraw = false
    }

    /// Says when the GPU backend lost its context and made a new one (the frame was still drawn).
    private func noteRecoveries() {
        guard let gl = (content.renderer.backend as? FallbackBackend)?.primary as? GLCompositor,
              gl.recoveries > recoveries else { return }
        recoveries = gl.recoveries
        note("the OpenGL ES context was lost before frame \(frames); drew it with a new context")
    }

    private func handleEvents() {
        var e = SDL_Event()
        while window.sdl.pollEvent(&e) != 0 {
            switch e.type {
            case SDL_QUIT.rawValue:
                quitting = true
            case SDL_WINDOWEVENT.rawValue:
                let kind = UInt32(e.window.event)
                if kind == SDL_WINDOWEVENT_CLOSE.rawValue { quitting = true } else { needsDraw = true }
            case SDL_KEYDOWN.rawValue where e.key.repeat == 0:
                if let action = PlayAction(key: e.key.keysym.sym) { perform(action) }
            default:
                break
            }
        }
    }

    private func perform(_ action: PlayAction) {
        switch action {
        case .quit:
            quitting = true
        case .togglePause:
            clock.toggle(at: lastTarget)
            note(clock.isPaused ? String(format: "paused at %.3f s", clock.sceneTime(at: 0)) : "playing")
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
            note("state \(printable(names[i]))" + (clock.isPaused ? " (paused: space plays its transition)" : ""))
        }
    }
}
