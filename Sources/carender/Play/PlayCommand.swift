import Foundation
import CoreGraphics
import QuartzCore
import QuartzCoreGL
import CAML
import Lottie
import QuartzCoreWindow

/// `carender play SCENE …`: the scene in a window (PlayOptions.usage). Exit codes as `render`'s,
/// and 69 when there is no display or SDL2 (or no GPU for `--backend gpu`).
enum PlayCommand {
    static func run(_ args: [String]) -> Never {
        let o: PlayOptions
        do throws(UsageError) {
            o = try PlayOptions.parse(args)
            _ = try o.render.frameTimes()   // checks --time
        } catch { usageFailure(error.message, help: "play") }
        // The scene first: a bad scene is 65 (or 64, 66) wherever it is played, display or not.
        let source = PlaySource(o)
        let sdl: SDLLibrary
        do { sdl = try SDLWindow.openVideo() } catch { fail("play: \(error)", .unavailable) }
        DisplayLoss.message = "carender: the display closed the window's connection (the X server went away); stopping\n"
        DisplayLoss.install()
        // Frames as large as the window needs: the scene's own scale, less where that would not
        // fit 90 % of the display (or the --window size).
        let usable = SDLWindow.usableSize(sdl) ?? (1280, 800)
        let room = o.window ?? (usable.width * 9 / 10, usable.height * 9 / 10)
        let content = makeContent(o, source, room: room)
        let start = o.render.time ?? 0
        guard let first = content.renderer.frame(at: content.prepare(start)) else {
            fail(frameFailure(content.renderer, at: start), .renderFailed)
        }
        let size = o.window ?? fitting((first.width, first.height), in: room)
        let title = "carender — " + URL(fileURLWithPath: o.render.scene).lastPathComponent
        let window: SDLWindow
        do {
            // A GPU frame comes from our own EGL context: SDL must not make a GLX context current
            // on this thread too (glvnd then refuses ours, EGL_BAD_ACCESS), so SDL draws in software.
            let onGPU = content.renderer.backend is FallbackBackend
            window = try SDLWindow(sdl, title: title, frameWidth: first.width, frameHeight: first.height,
                                   windowSize: size, softwareOnly: onGPU)
        } catch { fail("play: \(error)", .unavailable) }
        note("playing in a \(size.width)×\(size.height) window (\(window.description), "
             + (window.hasVsync ? "vsync" : "timer") + String(format: " at %.0f Hz", window.refreshRate)
             + "): 1–9 and arrows change state, space pauses, Esc quits")
        Player(window: window, content: content, options: o).run()
    }

    /// The frame's size, shrunk (aspect kept) when larger than `room`.
    static func fitting(_ frame: (Int, Int), in room: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard frame.0 > room.width || frame.1 > room.height else { return frame }
        let box = Letterbox(frame: frame, window: room)
        return (box.width, box.height)
    }

    /// What `play` shows, read and checked before the display is opened.
    enum PlaySource {
        case scene(CAMLScene)
        case lottie(LottieLayer)

        init(_ o: PlayOptions) {
            guard LottieCommand.isLottie(o.render.scene) else { self = .scene(SceneSetup.load(o.render)); return }
            if o.render.state != nil { fail("a Lottie animation has no states (--state)", .usage) }
            self = .lottie(LottieCommand.loadReportingWarnings(o.render.scene))
        }
    }

    private static func makeContent(_ o: PlayOptions, _ source: PlaySource, room: (width: Int, height: Int)) -> any PlayContent {
        func fit(_ size: CGSize, _ own: CGFloat) -> CGFloat {
            min(own, CGFloat(room.width) / size.width, CGFloat(room.height) / size.height)
        }
        let lottie: LottieLayer
        switch source {
        case .scene(let scene): return CAMLContent(SceneSetup(o.render, scene: scene, chooseScale: fit))
        case .lottie(let l): lottie = l
        }
        let view = o.render.size ?? lottie.viewSize()
        let scale = o.render.scale ?? fit(view, 2)
        FrameMemory.check(view, scale: scale, budget: o.render.memoryBudget)   // Safety/FrameMemory.swift
        guard let content = LottieContent(lottie, viewSize: view, scale: scale) else {
            fail("frame of \(view.width)×\(view.height) points at scale \(scale) is too large", .usage)
        }
        content.renderer.maximumFrameWork = Int(o.render.workBudget * 1_000_000)
        o.render.backend.install(on: content.renderer)
        return content
    }
}
