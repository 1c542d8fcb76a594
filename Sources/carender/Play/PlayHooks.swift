import CQuartzSDL2
import CoreGraphics
import Foundation
import QuartzCoreGL
import QuartzCoreWindow

/// Hidden test hooks of `play`, from the environment (not in the usage text):
/// - `CARENDER_PLAY_SCREENSHOT=PATH`: once frame N of `--frames N` is on screen, the window's
///   pixels (letterbox included) as the X server has them, written as a PNG.
/// - `CARENDER_PLAY_FAULT=context-loss@N`: before frame N, destroy the window's OpenGL ES
///   context as a GPU reset would (the presenter makes a new one and says so).
/// - `CARENDER_PLAY_FAULT=close@N`: during frame N, the window manager's close request arrives.
/// - `CARENDER_PLAY_KEYS=right@1,space@5`: after frame N, that key is pressed (an SDL key event
///   queued as the keyboard would: right, left, up, down, space, escape, 1…9).
/// - `CARENDER_PLAY_FIXED_STEP=FPS`: frame n shows at exactly n / FPS seconds after the first,
///   whatever the wall clock says (deterministic frames for tests).
struct PlayHooks {
    let screenshot: String?
    let fault: (kind: String, frame: Int)?
    let keys: [(key: SDL_KeyCode, frame: Int)]
    let fixedStep: Double?

    init(_ env: [String: String] = ProcessInfo.processInfo.environment) {
        screenshot = env["CARENDER_PLAY_SCREENSHOT"].flatMap { $0.isEmpty ? nil : $0 }
        let parts = env["CARENDER_PLAY_FAULT"]?.split(separator: "@")
        if let parts, parts.count == 2, let n = Int(parts[1]) { fault = (String(parts[0]), n) } else { fault = nil }
        keys = (env["CARENDER_PLAY_KEYS"] ?? "").split(separator: ",").compactMap { item in
            let p = item.split(separator: "@")
            guard p.count == 2, let n = Int(p[1]), let key = Self.keyNames[String(p[0])] else { return nil }
            return (key, n)
        }
        fixedStep = env["CARENDER_PLAY_FIXED_STEP"].flatMap(Double.init).flatMap { $0 >= 1 && $0 <= 1000 ? 1 / $0 : nil }
    }

    private static let keyNames: [String: SDL_KeyCode] = {
        var names: [String: SDL_KeyCode] = ["right": SDLK_RIGHT, "left": SDLK_LEFT, "up": SDLK_UP, "down": SDLK_DOWN,
                                            "space": SDLK_SPACE, "escape": SDLK_ESCAPE]
        for (i, k) in [SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5, SDLK_6, SDLK_7, SDLK_8, SDLK_9].enumerated() { names["\(i + 1)"] = k }
        return names
    }()

    /// After frame `n`: queues the key presses due then.
    func afterFrame(_ n: Int, _ window: CAWindow) {
        for k in keys where k.frame == n {
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.windowID = window.windowID
            e.key.keysym.sym = SDL_Keycode(bitPattern: k.key.rawValue)
            _ = window.sdl.pushEvent(&e)
        }
    }

    /// Before frame `n` is prepared (the loss shows when the GPU next draws: a frame with damage).
    func beforeFrame(_ n: Int, _ window: CAWindow) {
        guard let f = fault, f.frame == n, f.kind == "context-loss" else { return }
        if let gl = window.loop.currentPresenter as? GLWindowPresenter {
            gl.simulateContextLoss()
        } else {
            note("no GPU context to lose (drawing on the CPU)")
        }
    }

    /// During frame `n`.
    func midFrame(_ n: Int, _ window: CAWindow) {
        guard let f = fault, f.frame == n, f.kind == "close" else { return }
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.windowID = window.windowID
        e.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        _ = window.sdl.pushEvent(&e)
    }

    /// Writes the window's pixels to `screenshot`.
    func saveScreenshot(_ window: CAWindow) {
        guard let path = screenshot else { return }
        guard let shot = window.capture() else { return note("could not read the window's pixels") }
        do { try shot.write(pngTo: URL(fileURLWithPath: path)) } catch {
            note("could not write the screenshot \(printable(path)): \(error)")
        }
    }
}
