import CQuartzSDL2
import CoreGraphics
import Dispatch
import Foundation
import QuartzCore

/// Presents CPU-composited frames through an SDL streaming texture: the render thread hands
/// over each frame's pixels, and the main queue copies the damaged rectangle into the texture
/// and shows it, stretched over the window (it is the window's size but for a resize in
/// flight). SDL's renderer is its software one: it needs no GL context, and its present is a
/// copy to the window system (X11: shared memory). The render thread never waits for the main
/// queue: a frame not yet shown is replaced by the next, their damage merged.
final class SDLTexturePresenter: FramePresenter, @unchecked Sendable {   // SDL calls on main; `pending` under `lock`
    private let sdl: SDLLibrary
    private let window: SDLLibrary.Window
    private let renderer: SDLLibrary.Renderer
    private var texture: SDLLibrary.Texture?
    private var textureSize = (width: 0, height: 0)
    private let lock = NSLock()
    private var pending: (pixels: PixelBuffer, damage: CGRect)?
    private var scheduled = false
    private var closed = false

    var compositesPasses: Bool { false }
    var waitsForVsync: Bool { false }
    let description: String

    /// A presenter for `window` (main thread).
    init(sdl: SDLLibrary, window: SDLLibrary.Window) throws(CAWindowError) {
        self.sdl = sdl; self.window = window
        // SDL would otherwise back the window's surface with a GL renderer, recreating the
        // window as a GL one (a new X window, and a GL context the GPU presenter's would clash with).
        _ = sdl.setHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard let r = sdl.createRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw .windowFailed("SDL_CreateRenderer: \(sdl.lastError)")
        }
        renderer = r
        let driver = sdl.currentVideoDriver().map { String(cString: $0) } ?? "?"
        description = "the CPU, through an SDL texture (\(driver))"
    }

    func present(pixels: PixelBuffer, damage: CGRect) throws {
        let post = lock.withLock { () -> Bool in
            let merged = pending.map { $0.damage.union(damage) } ?? damage
            pending = (pixels, merged)
            defer { scheduled = true }
            return !scheduled
        }
        if post { DispatchQueue.main.async { self.showPending() } }
    }

    func redisplay() throws -> Bool {
        DispatchQueue.main.async { self.show() }
        return true
    }

    /// Copies the pending frame's damage into the texture and shows it (main thread).
    private func showPending() {
        let frame = lock.withLock { () -> (pixels: PixelBuffer, damage: CGRect)? in
            defer { pending = nil; scheduled = false }
            return pending
        }
        guard let frame, !closed else { return }
        let p = frame.pixels
        if texture == nil || textureSize != (p.width, p.height) {
            if let t = texture { sdl.destroyTexture(t) }
            texture = sdl.createTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(p.width), Int32(p.height))
            guard let t = texture else { return }
            _ = sdl.setTextureBlendMode(t, SDL_BLENDMODE_NONE)
            textureSize = (p.width, p.height)
            upload(p, CGRect(x: 0, y: 0, width: p.width, height: p.height))
        } else {
            upload(p, frame.damage)
        }
        show()
    }

    /// Copies `rect` (frame pixels) of `p` into the texture.
    private func upload(_ p: PixelBuffer, _ rect: CGRect) {
        let r = rect.intersection(CGRect(x: 0, y: 0, width: p.width, height: p.height)).integral
        guard let texture, !r.isNull, r.width >= 1, r.height >= 1 else { return }
        var box = SDL_Rect(x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height))
        p.words.withUnsafeBytes { bytes in
            let first = bytes.baseAddress! + Int(r.minY) * p.stride + Int(r.minX) * 4
            _ = sdl.updateTexture(texture, &box, first, Int32(p.stride))
        }
    }

    /// Draws the texture over the whole window and presents (main thread).
    private func show() {
        guard let texture, !closed else { return }
        _ = sdl.setDrawColor(renderer, 0, 0, 0, 255)
        _ = sdl.clear(renderer)
        _ = sdl.copy(renderer, texture, nil, nil)
        sdl.present(renderer)
    }

    /// Destroys the texture and renderer (main thread; the loop has stopped).
    func destroy() {
        guard !closed else { return }
        closed = true
        if let t = texture { sdl.destroyTexture(t) }
        sdl.destroyRenderer(renderer)
    }
}
