import CQuartzSDL2
import Foundation

/// SDL's video subsystem, started once per process, and the main-queue pump that hands its
/// events to the windows they belong to. SDL's video calls are made on the main thread only.
package enum SDLVideo {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var opened: Result<SDLLibrary, CAWindowError>?   // under `lock`

    /// Starts SDL's video subsystem (once; later calls return the same library or error):
    /// no display gives `.noDisplay` (no X server, no Wayland compositor).
    ///
    /// Without `SDL_VIDEODRIVER`, only the window systems the environment names are tried
    /// (`DISPLAY`: X11, `WAYLAND_DISPLAY`: Wayland): SDL would otherwise fall back to its
    /// invisible "offscreen" driver and show windows to no one. `SDL_VIDEODRIVER=offscreen`
    /// still works.
    package static func open() throws(CAWindowError) -> SDLLibrary {
        let result = lock.withLock { () -> Result<SDLLibrary, CAWindowError> in
            if let opened { return opened }
            let r = Result { () throws(CAWindowError) -> SDLLibrary in try start() }
            opened = r
            return r
        }
        return try result.get()
    }

    private static func start() throws(CAWindowError) -> SDLLibrary {
        let env = ProcessInfo.processInfo.environment
        let requested = env["SDL_VIDEODRIVER"].flatMap { $0.isEmpty ? nil : $0 }
        var drivers: [String] = []
        if !(env["DISPLAY"] ?? "").isEmpty { drivers.append("x11") }
        if !(env["WAYLAND_DISPLAY"] ?? "").isEmpty { drivers.append("wayland") }
        let sdl = try SDLLibrary()
        if requested == nil && drivers.isEmpty { throw .noDisplay("") }
        if requested == nil { _ = sdl.setHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ",")) }
        // The app keeps its own signal handlers; scaling is linear; a click that focuses a
        // window is also a click (as on macOS with acceptsFirstMouse).
        for (hint, value) in [(SDL_HINT_NO_SIGNAL_HANDLERS, "1"), (SDL_HINT_RENDER_SCALE_QUALITY, "1"),
                              (SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1"),
                              (SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")] {
            _ = sdl.setHint(hint, value)
        }
        guard sdl.initialize(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else { throw .noDisplay(sdl.lastError) }
        // From the first connection on: a server that dies while windows are made is told too.
        DisplayLoss.install()
        return sdl
    }

    /// The usable pixel size of the first display (without panels), if SDL knows it.
    package static func usableSize(_ sdl: SDLLibrary) -> (width: Int, height: Int)? {
        var r = SDL_Rect()
        guard sdl.usableBounds(0, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return (Int(r.w), Int(r.h))
    }

    /// The refresh rate of the display `window` is on, frames per second (60 when unknown).
    package static func refreshRate(_ sdl: SDLLibrary, _ window: SDLLibrary.Window) -> Double {
        var mode = SDL_DisplayMode()
        let display = max(0, sdl.windowDisplayIndex(window))
        return sdl.currentDisplayMode(display, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
    }

    /// The X11 window id and display connection number of `window`, when SDL drives X11.
    package static func x11Window(_ sdl: SDLLibrary, _ window: SDLLibrary.Window) -> (window: UInt, connection: Int32?)? {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION),
                                   patch: UInt8(SDL_PATCHLEVEL))
        guard sdl.windowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        var fd: Int32?
        if let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD), let f = dlsym(x11, "XConnectionNumber"),
           let display = info.info.x11.display {
            typealias Number = @convention(c) (OpaquePointer?) -> Int32
            fd = unsafeBitCast(f, to: Number.self)(display)
        }
        return (UInt(info.info.x11.window), fd)
    }
}
