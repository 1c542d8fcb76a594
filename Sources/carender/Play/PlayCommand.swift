import Foundation
import CoreGraphics
import QuartzCore
import QuartzCoreGL
import CAML
import Lottie
import QuartzCoreWindow

/// `carender play SCENE …`: the scene in a `CAWindow` (PlayOptions.usage). Exit codes as
/// `render`'s, and 69 when there is no display or SDL2 (or no GPU for `--backend gpu`).
enum PlayCommand {
    static func run(_ args: [String]) -> Never {
        let o: PlayOptions
        do throws(UsageError) {
            o = try PlayOptions.parse(args)
            _ = try o.render.frameTimes()   // checks --time
        } catch { usageFailure(error.message, help: "play") }
        // The scene first: a bad scene is 65 (or 64, 66) wherever it is played, display or not.
        let source = PlaySource(o)
        DisplayLoss.message = "carender: the display closed the window's connection (the X server went away); stopping\n"
        let sdl: SDLLibrary
        do { sdl = try SDLVideo.open() } catch { fail("play: \(error)", .unavailable) }
        // Frames as large as the window needs: the scene's own scale, less where that would not
        // fit 90 % of the display (or the --window size).
        let usable = SDLVideo.usableSize(sdl) ?? (1280, 800)
        let room = o.window ?? (usable.width * 9 / 10, usable.height * 9 / 10)
        let content = makeContent(o, source, room: room)
        let start = o.render.time ?? 0
        // One frame offscreen first: a scene that cannot be drawn (over the work budget) says
        // so before a window opens.
        guard let first = content.renderer.frame(at: content.prepare(start)) else {
            fail(frameFailure(content.renderer, at: start), .renderFailed)
        }
        let size = o.window ?? fitting((first.width, first.height), in: room)
        let title = "carender — " + URL(fileURLWithPath: o.render.scene).lastPathComponent
        // The window in points at the content's scale, so its pixels are `size` and an unresized
        // window shows the content at the scale `render` draws it.
        let scale = content.renderer.scale
        let window: CAWindow
        do {
            window = try CAWindow(title: title, size: CGSize(width: CGFloat(size.width) / scale, height: CGFloat(size.height) / scale),
                                  backend: o.render.backend.compositing, scale: scale)
        } catch { fail("play: \(error)", .unavailable) }
        let player = Player(window: window, content: content, options: o)
        note("playing in a \(size.width)×\(size.height) window (\(window.backendDescription), timer at "
             + String(format: "%.0f Hz", window.loop.refreshRate) + "): 1–9 and arrows change state, space pauses, Esc quits")
        player.run()
    }

    /// The frame's size, shrunk (aspect kept) when larger than `room`.
    static func fitting(_ frame: (Int, Int), in room: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard frame.0 > room.width || frame.1 > room.height else { return frame }
        let k = min(Double(room.width) / Double(max(frame.0, 1)), Double(room.height) / Double(max(frame.1, 1)))
        return (max(1, Int((Double(frame.0) * k).rounded())), max(1, Int((Double(frame.1) * k).rounded())))
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
        case .scene(let scene): return CAMLContent(SceneSetup(o.render, scene: scene, chooseScale: fit, installsBackend: false))
        case .lottie(let l): lottie = l
        }
        let view = o.render.size ?? lottie.viewSize()
        let scale = o.render.scale ?? fit(view, 2)
        FrameMemory.check(view, scale: scale, budget: o.render.memoryBudget)   // Safety/FrameMemory.swift
        guard let content = LottieContent(lottie, viewSize: view, scale: scale) else {
            fail("frame of \(view.width)×\(view.height) points at scale \(scale) is too large", .usage)
        }
        content.renderer.maximumFrameWork = Int(o.render.workBudget * 1_000_000)
        return content
    }
}
