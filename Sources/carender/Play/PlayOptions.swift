import Foundation
import CoreGraphics

/// What `carender play` was asked for: render's scene options (`--state`, `--from-state`,
/// `--size`, `--scale`, `--backend`, `--allow-outside-assets`, `--work-budget`, `--memory-budget`, parsed by
/// `Arguments.parseRender`) and play's own.
struct PlayOptions {
    var render = RenderOptions()
    /// `--window WxH`: the window's first size in pixels (default: the frame's, shrunk to fit
    /// the display).
    var window: (width: Int, height: Int)?
    /// `--frames N`: quit after N frames (tests, recordings); nil plays until Esc.
    var frameLimit: Int?
    /// `--time T`: open paused at scene time T seconds (space plays on).
    var startPaused = false

    /// The options `play` takes (misspelt ones are matched against these).
    static let optionNames = ["--state", "--from-state", "--time", "--size", "--scale", "--window", "--frames",
                              "--backend", "--allow-outside-assets"]

    static let usage = """
      carender play SCENE [--state NAME] [--from-state NAME] [--time T] [--size WxH] [--scale S]
                          [--window WxH] [--frames N] [--backend gpu|cpu|auto]
                          [--allow-outside-assets DIR]...
        Plays a scene (.wallpaper, .ca, .caml, or a Lottie .json/.lottie) in a window (SDL2, X11
        or Wayland), one frame per display refresh. Keys: 1–9 go to the scene's Nth state and
        → ↓ / ← ↑ to the next / previous one (their transitions play), space pauses and plays,
        Esc or q (or closing the window) quits. Resizing keeps the aspect (black bars).
        --time T opens paused at T seconds; --frames N quits after N frames; --window sets the
        window's first size in pixels (default: the frame, shrunk to fit the display).
        Without a display (or libSDL2) play exits 69 and says why.
    """

    static func parse(_ args: [String]) throws(UsageError) -> PlayOptions {
        var o = PlayOptions()
        var rest: [String] = []
        var i = 0
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            guard i < args.count, !args[i].hasPrefix("--") else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--window":
                let parts = try value(a).lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 16384 }) else {
                    throw UsageError(message: "--window must be WxH in pixels (16…16384), e.g. 640x480")
                }
                o.window = (parts[0], parts[1])
            case "--frames":
                let s = try value(a)
                guard let n = Int(s), n >= 1, n <= 1_000_000_000 else { throw UsageError(message: "--frames must be a whole number of frames, at least 1") }
                o.frameLimit = n
            case "--duration", "--fps", "-o", "--output":
                throw UsageError(message: "play shows the scene in a window: \(a) is for render")
            default:
                rest.append(a)
            }
            i += 1
        }
        o.render = try Arguments.parseRender(rest + ["-o", "window"])
        o.startPaused = o.render.time != nil
        return o
    }
}
