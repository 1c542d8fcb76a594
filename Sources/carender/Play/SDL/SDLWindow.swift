import CQuartzSDL2
import Foundation
import QuartzCore
import QuartzCoreWindow

/// Why `play` cannot show a window (every case exits 69, EX_UNAVAILABLE): the window library's.
typealias PlayError = CAWindowError

/// `play`'s window: an SDL2 window with a renderer and one streaming texture the size of the
/// frame. Each frame's pixels (premultiplied BGRA, the GPU backend's read-back or the CPU's
/// buffer) are copied into the texture unblended, so the window shows them over black; the
/// texture is scaled into the largest rectangle of the frame's aspect that fits the window,
/// centred, with black bars (letterbox). Presents wait for vsync where the renderer offers it.
final class SDLWindow {
    let sdl: SDLLibrary
    let frameWidth: Int, frameHeight: Int
    /// The display's refresh rate, frames per second (60 when SDL does not know it).
    let refreshRate: Double
    /// Whether presents wait for the display's vertical blank.
    let hasVsync: Bool
    /// SDL's video driver and renderer ("x11, opengl").
    let description: String
    private let window: SDLLibrary.Window
    private let renderer: SDLLibrary.Renderer
    private let texture: SDLLibrary.Texture
    private var closed = false

    /// Starts SDL's video subsystem (`SDLVideo.open`); no display gives `.noDisplay`.
    static func openVideo() throws(PlayError) -> SDLLibrary { try SDLVideo.open() }

    /// The usable pixel size of the first display (without panels), if SDL knows it.
    static func usableSize(_ sdl: SDLLibrary) -> (width: Int, height: Int)? { SDLVideo.usableSize(sdl) }

    /// A resizable window of `windowSize` pixels showing frames of `frameWidth` × `frameHeight`.
    /// `softwareOnly`: SDL may not use OpenGL at all (not for its renderer, nor for the software
    /// renderer's window framebuffer), because the frames come from another GL context on this
    /// thread; presents are then paced by a timer (a software renderer cannot wait for vsync).
    init(_ sdl: SDLLibrary, title: String, frameWidth: Int, frameHeight: Int,
         windowSize: (width: Int, height: Int), softwareOnly: Bool = false) throws(PlayError) {
        self.sdl = sdl; self.frameWidth = frameWidth; self.frameHeight = frameHeight
        let env = ProcessInfo.processInfo.environment
        if softwareOnly {
            for (hint, variable, value) in [(SDL_HINT_RENDER_DRIVER, "SDL_RENDER_DRIVER", "software"),
                                            (SDL_HINT_FRAMEBUFFER_ACCELERATION, "SDL_FRAMEBUFFER_ACCELERATION", "0")]
            where (env[variable] ?? "").isEmpty {
                _ = sdl.setHint(hint, value)
            }
        }
        // play paces itself by its renderer's vsync where there is one.
        _ = sdl.setHint(SDL_HINT_RENDER_VSYNC, "1")
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = sdl.createWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                       Int32(windowSize.width), Int32(windowSize.height), flags) else {
            throw .windowFailed("SDL_CreateWindow: \(sdl.lastError)")
        }
        // A GPU renderer with vsync, else SDL's software renderer (paced by a timer then).
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        let software = SDL_RENDERER_SOFTWARE.rawValue
        guard let r = (softwareOnly ? nil : sdl.createRenderer(w, -1, accelerated)) ?? sdl.createRenderer(w, -1, software) else {
            sdl.destroyWindow(w)
            throw .windowFailed("SDL_CreateRenderer: \(sdl.lastError)")
        }
        guard let t = sdl.createTexture(r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(frameWidth), Int32(frameHeight)) else {
            let why = sdl.lastError
            sdl.destroyRenderer(r); sdl.destroyWindow(w)
            throw .windowFailed("a \(frameWidth)×\(frameHeight) texture was refused (\(why)); try a smaller --scale")
        }
        _ = sdl.setTextureBlendMode(t, SDL_BLENDMODE_NONE)
        window = w; renderer = r; texture = t
        var info = SDL_RendererInfo()
        _ = sdl.rendererInfo(r, &info)
        // SDL reports the vsync flag it was asked for even on its software renderer, which
        // cannot wait for a vertical blank.
        hasVsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && info.flags & software == 0
        var mode = SDL_DisplayMode()
        let display = max(0, sdl.windowDisplayIndex(w))
        refreshRate = sdl.currentDisplayMode(display, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        let driver = sdl.currentVideoDriver().map { String(cString: $0) } ?? "?"
        description = "\(driver), \(info.name.map { String(cString: $0) } ?? "?") renderer"
    }

    /// The window's drawable size in pixels.
    var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        _ = sdl.outputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Copies `frame` (the frame's size, premultiplied BGRA words) into the texture.
    func upload(_ frame: PixelBuffer) {
        guard frame.width == frameWidth, frame.height == frameHeight else { return }
        frame.words.withUnsafeBytes { _ = sdl.updateTexture(texture, nil, $0.baseAddress, Int32(frame.stride)) }
    }

    /// Draws the texture letterboxed into the back buffer (not shown until `present`).
    func draw() {
        let out = outputSize
        let box = Letterbox(frame: (frameWidth, frameHeight), window: out)
        var dst = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
        _ = sdl.setDrawColor(renderer, 0, 0, 0, 255)
        _ = sdl.clear(renderer)
        _ = sdl.copy(renderer, texture, nil, &dst)
    }

    /// Shows the back buffer; waits for the vertical blank when `hasVsync`.
    func present() { sdl.present(renderer) }

    /// The back buffer's pixels (call between `draw` and `present`), as 0xAARRGGBB words, row 0
    /// at the top; nil when SDL cannot read them.
    func readBackBuffer() -> (width: Int, height: Int, words: [UInt32])? {
        let (w, h) = outputSize
        guard w > 0, h > 0 else { return nil }
        var words = [UInt32](repeating: 0, count: w * h)
        let ok = words.withUnsafeMutableBytes {
            sdl.readPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(w * 4)) == 0
        }
        return ok ? (w, h, words) : nil
    }

    /// Destroys the texture, renderer and window and stops SDL; idempotent.
    func close() {
        guard !closed else { return }
        closed = true
        sdl.destroyTexture(texture); sdl.destroyRenderer(renderer); sdl.destroyWindow(window)
        sdl.quit()
    }
}

/// Where a frame goes in a window: the largest rectangle of the frame's aspect that fits,
/// centred (pixels, origin top-left); the rest is black bars.
struct Letterbox: Equatable {
    let x: Int, y: Int, width: Int, height: Int

    init(frame: (Int, Int), window: (width: Int, height: Int)) {
        let k = min(Double(window.width) / Double(max(frame.0, 1)), Double(window.height) / Double(max(frame.1, 1)))
        width = max(1, Int((Double(frame.0) * k).rounded())); height = max(1, Int((Double(frame.1) * k).rounded()))
        x = (window.width - width) / 2; y = (window.height - height) / 2
    }
}
