import CQuartzSDL2
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// A window on screen hosting a layer tree (our addition: on Apple, `UIWindow` and `NSWindow`
/// host layers; https://developer.apple.com/documentation/uikit/uiwindow).
///
/// The root layer fills the window: its bounds follow the window's size in points, origin
/// top-left and y down (as UIKit's), and the `contentsScale` of its layers follows the display's
/// pixels per point. Frames are drawn on a render thread of the window's own
/// (`WindowFrameLoop`) from committed state, so running animations keep moving while the main
/// thread is busy; nothing is drawn while nothing changes and no animation runs.
///
/// Use a window from the main thread, as UIKit's. App code runs on the main queue: events go to
/// `eventHandler` there, implicit transactions commit at the end of the main-queue turn, and
/// animation delegates, completion blocks and `CADisplayLink` closures on `.main` run there in
/// step with the display. Enter the main loop with `CAWindow.run()` (or `dispatchMain()`).
///
/// Frames reach the screen one of two ways (`Backend`): on the GPU, the GPU compositor draws
/// into the window's EGL surface (X11) with no read-back; on the CPU, the CPU compositor's
/// pixels go through an SDL streaming texture. One line on standard error says which.
///
/// Environment: `QUARTZCORE_WINDOW_SCALE=S` draws at S pixels per point where the window system
/// reports none (X11: the window is made S times larger in pixels); `QUARTZCORE_GL=0` keeps
/// frames on the CPU.
public final class CAWindow {
    /// Who composites the window's frames: `.automatic` (the GPU when it is a hardware one
    /// and can draw into this window, else the CPU; `QUARTZCORE_WINDOW_BACKEND=gpu|cpu`
    /// overrides it), `.cpu`, or `.gpu` (also on a software rasteriser; `init` throws
    /// `.gpuUnavailable` where EGL cannot draw into the window).
    public typealias Backend = CACompositingBackend

    /// The layer the window shows; its frame is the window's content area.
    public let rootLayer: CALayer
    /// Called on the main queue for each event (see `CAWindowEvent`). An error it throws is
    /// reported on standard error (once per kind of error) and the window carries on.
    public var eventHandler: ((CAWindowEvent) throws -> Void)?
    /// Whether a close request (the close button) closes the window after `eventHandler` has
    /// seen it. Default true.
    public var closesOnRequest = true
    /// The window's title.
    public var title: String {
        didSet { if !isClosed { sdl.setWindowTitle(window, title) } }
    }
    /// The content area's size in points.
    public private(set) var size: CGSize
    /// The display's pixels per point (1 on most X11 displays; 2 on HiDPI Wayland outputs, or
    /// as `QUARTZCORE_WINDOW_SCALE` sets).
    public private(set) var contentsScale: CGFloat
    /// The pointer's shape over the window. Default `.arrow`.
    public var cursor: CAWindowCursor = .arrow {
        didSet { if cursor != oldValue { applyCursor() } }
    }
    /// Whether the window has been closed (`close()`, or a close request).
    public private(set) var isClosed = false

    package let sdl: SDLLibrary
    package let window: SDLLibrary.Window
    package let windowID: UInt32
    package let loop: WindowFrameLoop
    /// The extra pixels per point asked for by `QUARTZCORE_WINDOW_SCALE` (1 when unset).
    let scaleOverride: CGFloat
    /// The CPU presenter, when frames go through SDL (kept to destroy it on the main thread).
    var texturePresenter: SDLTexturePresenter?
    /// Buttons held now (SDL's mask), for drags.
    var buttonsDown: UInt32 = 0
    var reportedErrors: Set<String> = []
    var cursors: [CAWindowCursor: OpaquePointer] = [:]
    /// The X11 window and SDL's connection to the server, when SDL drives X11.
    private(set) var x11: (window: UInt, connection: Int32?)?

    /// Windows open in this process (main thread); `run()` exits when the last one closes.
    nonisolated(unsafe) static var openWindows = 0

    /// Opens a window of `size` points titled `title` showing `rootLayer` (a new, empty layer by
    /// default: set its `backgroundColor` and add sublayers).
    ///
    /// - Parameters:
    ///   - resizable: whether the user may resize it; `minimumSize` (points) bounds that.
    ///   - backend: who composites frames (`.automatic` by default).
    ///   - scale: pixels per point to draw at where the window system reports none (X11: the
    ///     window is made `scale` times larger in pixels, as GDK_SCALE does for GTK), 0.25…8;
    ///     nil: `QUARTZCORE_WINDOW_SCALE`, else 1. A HiDPI Wayland output's own scale multiplies it.
    /// - Throws: `CAWindowError`: no SDL2, no display, the window refused, or (`.gpu`) no GPU
    ///   presentation into it.
    public init(title: String = "", size: CGSize = CGSize(width: 640, height: 480), resizable: Bool = true,
                minimumSize: CGSize? = nil, rootLayer: CALayer = CALayer(), backend: Backend = .automatic,
                scale: CGFloat? = nil) throws(CAWindowError) {
        let sdl = try SDLVideo.open()
        let override = scale.flatMap { $0.isFinite && $0 >= 0.25 && $0 <= 8 ? $0 : nil } ?? Self.environmentScale
        let w = Self.pixelSide(size.width * override), h = Self.pixelSide(size.height * override)
        var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        guard let window = sdl.createWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(w), Int32(h), flags) else {
            throw .windowFailed("SDL_CreateWindow: \(sdl.lastError)")
        }
        if let m = minimumSize {
            sdl.setWindowMinimumSize(window, Int32(Self.pixelSide(m.width * override)), Int32(Self.pixelSide(m.height * override)))
        }
        self.sdl = sdl; self.window = window; self.title = title; self.rootLayer = rootLayer
        windowID = sdl.getWindowID(window)
        scaleOverride = override
        x11 = SDLVideo.x11Window(sdl, window)
        let (points, scale) = Self.measure(sdl, window, override: override)
        self.size = points; contentsScale = scale
        Self.layOut(rootLayer, size: points, scale: scale, oldScale: nil)
        // The presenter first (its failure leaves no thread behind), then the render thread.
        let presenter: any FramePresenter
        do throws(CAWindowError) {
            presenter = try Self.makePresenter(backend == .automatic ? Self.environmentBackend : backend,
                                               sdl: sdl, window: window, x11: x11)
        } catch { sdl.destroyWindow(window); throw error }
        texturePresenter = presenter as? SDLTexturePresenter
        x11 = SDLVideo.x11Window(sdl, window)   // as it is now that the presenter is made
        loop = WindowFrameLoop(rootLayer: rootLayer, viewport: .init(size: points, scale: scale),
                               refreshRate: SDLVideo.refreshRate(sdl, window), presenter: presenter)
        FileHandle.standardError.write(Data("QuartzCoreWindow: drawing on \(presenter.description)\n".utf8))
        let me = MainThreadReference(self)
        loop.onPresentFailure = { error in
            DispatchQueue.main.async { me.window?.presentFailed(error) }
        }
        SDLEventPump.shared.add(window: windowID, sdl: sdl, connection: x11?.connection) { [weak self] e in
            self?.handle(&e)
        }
        Self.openWindows += 1
        loop.start()
    }

    deinit { close() }

    /// Enters the main loop: runs the main queue (event handlers, commits, display links) until
    /// the last window closes, then exits the process with status 0. Apps that run the main
    /// queue themselves (`dispatchMain()`, `RunLoop.main.run()`) need not call it.
    public static func run() -> Never {
        dispatchMain()
    }

    /// Closes the window: the render thread stops, and the window goes. Idempotent. When it was
    /// the last window and the app entered `run()`, the process exits.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        loop.stop()
        texturePresenter?.destroy()
        SDLEventPump.shared.remove(window: windowID)
        sdl.destroyWindow(window)
        Self.openWindows -= 1
        if Self.openWindows == 0, Self.exitsWithLastWindow {
            DispatchQueue.main.async { if CAWindow.openWindows == 0 { exit(0) } }
        }
    }

    /// Whether the process exits when the last window closes (default true; tests turn it off).
    nonisolated(unsafe) public static var exitsWithLastWindow = true

    /// One line: who draws the frames and how they reach the window.
    public var backendDescription: String { loop.currentPresenter.description }

    /// Frames presented so far, and frames the render thread built but did not present because
    /// nothing on screen changed.
    public var frameCounts: (presented: Int, unchanged: Int) {
        let c = loop.frameCounts
        return (c.presented, c.unchanged)
    }

    /// Whether the render thread is asleep: nothing changed, no animation or display link runs.
    public var isIdle: Bool { loop.isIdle }

    /// `glReadPixels` calls the GPU presenter made (0 on the GPU path, which never reads frames
    /// back; nil when frames are drawn on the CPU).
    public var gpuReadbacks: Int? { (loop.currentPresenter as? GLWindowPresenter)?.readbacks }

    // MARK: - Size and scale

    /// `QUARTZCORE_WINDOW_BACKEND` (gpu, cpu, auto), for `.automatic`; another value is said
    /// once and ignored.
    static var environmentBackend: Backend {
        switch ProcessInfo.processInfo.environment["QUARTZCORE_WINDOW_BACKEND"]?.lowercased() {
        case "gpu": return .gpu
        case "cpu": return .cpu
        case nil, "", "auto", "automatic": return .automatic
        case let other?:
            warnOnce("QUARTZCORE_WINDOW_BACKEND=\(other) is not gpu, cpu or auto; choosing automatically")
            return .automatic
        }
    }

    /// Lines said once per process (bad environment values).
    nonisolated(unsafe) private static var warned: Set<String> = []
    static func warnOnce(_ line: String) {
        guard warned.insert(line).inserted else { return }
        FileHandle.standardError.write(Data("QuartzCoreWindow: \(line)\n".utf8))
    }

    /// `QUARTZCORE_WINDOW_SCALE`, when it is a number in 0.25…8 (another value is said once
    /// and ignored); 1 when unset.
    static var environmentScale: CGFloat {
        guard let text = ProcessInfo.processInfo.environment["QUARTZCORE_WINDOW_SCALE"], !text.isEmpty else { return 1 }
        guard let s = Double(text), s.isFinite, s >= 0.25, s <= 8 else {
            warnOnce("QUARTZCORE_WINDOW_SCALE=\(text) is not a number of pixels per point in 0.25…8; using 1")
            return 1
        }
        return CGFloat(s)
    }

    /// A window side in pixels: at least 1, at most 16,384 (NaN and infinities become 1).
    static func pixelSide(_ v: CGFloat) -> Int {
        guard v.isFinite else { return 1 }
        return Int(min(max(v.rounded(), 1), 16384))
    }

    /// The content area in points and the pixels per point, as SDL reports them now.
    static func measure(_ sdl: SDLLibrary, _ window: SDLLibrary.Window, override: CGFloat) -> (CGSize, CGFloat) {
        var w: Int32 = 0, h: Int32 = 0
        sdl.getWindowSize(window, &w, &h)
        var pw = w, ph = h
        sdl.windowSizeInPixels?(window, &pw, &ph)
        let points = CGSize(width: CGFloat(max(w, 0)) / override, height: CGFloat(max(h, 0)) / override)
        // Wayland reports window sizes in points and HiDPI buffers in pixels; X11 the same number.
        let native = w > 0 ? CGFloat(pw) / CGFloat(w) : 1
        return (points, max(0.25, native * override))
    }

    /// The root fills the window; layers drawn at the old scale move to the new one.
    static func layOut(_ root: CALayer, size: CGSize, scale: CGFloat, oldScale: CGFloat?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: size)
        if oldScale != scale { updateScale(root, from: oldScale, to: scale) }
        CATransaction.commit()
    }

    /// Sets `contentsScale` to `scale` on `layer` and its sublayers (and masks) that were at
    /// `old` (nil: every layer at the default 1), as a window does for the layers it hosts;
    /// layers given another scale on purpose keep it.
    private static func updateScale(_ layer: CALayer, from old: CGFloat?, to scale: CGFloat) {
        if layer.contentsScale == (old ?? 1) { layer.contentsScale = scale }
        for l in layer.sublayers ?? [] { updateScale(l, from: old, to: scale) }
        if let m = layer.mask { updateScale(m, from: old, to: scale) }
    }

    /// The window was resized or moved to another display: the root and the scale follow.
    func windowChanged() -> (resized: Bool, rescaled: Bool) {
        let (points, scale) = Self.measure(sdl, window, override: scaleOverride)
        let resized = points != size, rescaled = scale != contentsScale
        guard resized || rescaled else { return (false, false) }
        let old = contentsScale
        size = points; contentsScale = scale
        Self.layOut(rootLayer, size: points, scale: scale, oldScale: old)
        loop.setViewport(.init(size: points, scale: scale))
        loop.refreshRate = SDLVideo.refreshRate(sdl, window)
        return (resized, rescaled)
    }

    // MARK: - Presenters

    /// The presenter `backend` asks for, in this window.
    private static func makePresenter(_ backend: Backend, sdl: SDLLibrary, window: SDLLibrary.Window,
                                      x11: (window: UInt, connection: Int32?)?) throws(CAWindowError) -> any FramePresenter {
        var why = "no GPU asked for"
        if backend != .cpu {
            do throws(GLError) {
                guard let x11 else { throw GLError.noDisplay("GPU presentation is implemented for X11 windows only") }
                let gl = try GLWindowPresenter(x11Window: x11.window)
                if backend == .gpu || !gl.isSoftware { return gl }
                why = "the only GL renderer is a software one (\(gl.rendererName)); the CPU compositor is faster"
                gl.close()
            } catch {
                if backend == .gpu {
                    let forced = ProcessInfo.processInfo.environment["QUARTZCORE_WINDOW_BACKEND"]?.lowercased() == "gpu"
                    throw .gpuUnavailable("\(error)" + (forced ? " (QUARTZCORE_WINDOW_BACKEND=gpu asked for it)" : ""))
                }
                why = "\(error)"
            }
        }
        let cpu = try makeCPUPresenter(sdl: sdl, window: window, x11: x11)
        if backend == .automatic {
            FileHandle.standardError.write(Data("QuartzCoreWindow: not on the GPU: \(why)\n".utf8))
        }
        return cpu
    }

    /// A CPU presenter: on X11 the render thread sends frames itself; elsewhere (Wayland), or
    /// with `QUARTZCORE_WINDOW_SDL_TEXTURE=1`, SDL shows them from the main queue.
    private static func makeCPUPresenter(sdl: SDLLibrary, window: SDLLibrary.Window,
                                         x11: (window: UInt, connection: Int32?)?) throws(CAWindowError) -> any FramePresenter {
        if let x11, ProcessInfo.processInfo.environment["QUARTZCORE_WINDOW_SDL_TEXTURE"] != "1",
           let direct = X11ImagePresenter(window: x11.window) {
            return direct
        }
        return try SDLTexturePresenter(sdl: sdl, window: window)
    }

    /// The GPU presenter failed (a lost context, a frame larger than its textures): frames go
    /// through the CPU from now on, and one line says so.
    private func presentFailed(_ error: any Error) {
        guard !isClosed, loop.currentPresenter.compositesPasses else { return report("presenting failed: \(error)") }
        do {
            let cpu = try Self.makeCPUPresenter(sdl: sdl, window: window, x11: x11)
            texturePresenter = cpu as? SDLTexturePresenter
            loop.replacePresenter(cpu)
            report("the GPU could not present (\(error)); drawing on the CPU from now on")
        } catch {
            report("the GPU could not present, and neither can the CPU: \(error)")
        }
    }

    /// One line on standard error, once per distinct message.
    func report(_ message: String) {
        guard reportedErrors.insert(message).inserted else { return }
        FileHandle.standardError.write(Data("QuartzCoreWindow: \(message)\n".utf8))
    }

    private func applyCursor() {
        guard !isClosed else { return }
        let shape: SDL_SystemCursor = switch cursor {
        case .arrow: SDL_SYSTEM_CURSOR_ARROW
        case .iBeam: SDL_SYSTEM_CURSOR_IBEAM
        case .crosshair: SDL_SYSTEM_CURSOR_CROSSHAIR
        case .pointingHand: SDL_SYSTEM_CURSOR_HAND
        case .openHand: SDL_SYSTEM_CURSOR_SIZEALL
        case .resizeLeftRight: SDL_SYSTEM_CURSOR_SIZEWE
        case .resizeUpDown: SDL_SYSTEM_CURSOR_SIZENS
        case .notAllowed: SDL_SYSTEM_CURSOR_NO
        case .wait: SDL_SYSTEM_CURSOR_WAIT
        }
        if cursors[cursor] == nil { cursors[cursor] = sdl.createSystemCursor(shape) }
        if let c = cursors[cursor] { sdl.setCursor(c) }
    }
}

/// A weak reference to a window carried through a render-thread closure to the main queue,
/// where alone it is read.
private final class MainThreadReference: @unchecked Sendable {
    weak var window: CAWindow?
    init(_ window: CAWindow) { self.window = window }
}
