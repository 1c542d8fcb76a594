import Foundation

/// A connection of our own to the X server (libX11 opened at run time), for the render
/// thread's EGL window surface: the window's toolkit (SDL) reads events on its connection from
/// the main thread, and Xlib connections are not safe to share between threads unless the
/// whole process called `XInitThreads` first. A window id is valid on every connection.
package final class X11Connection: @unchecked Sendable {   // used by one thread at a time
    /// The `Display *`.
    package let display: UnsafeMutableRawPointer
    private let close: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private let xSync: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    /// libX11, for the caller's own lookups (`symbol`).
    private let library: UnsafeMutableRawPointer

    /// An Xlib function by name, cast to its type; nil when libX11 lacks it.
    package func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
    }

    /// Opens `name` (nil: `$DISPLAY`); throws with the reason when libX11 or the server is missing.
    package init(name: String?) throws(GLError) {
        guard let lib = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else {
            throw .noDisplay("libX11: " + (dlerror().map { String(cString: $0) } ?? "not found"))
        }
        guard let open = dlsym(lib, "XOpenDisplay"), let close = dlsym(lib, "XCloseDisplay"),
              let sync = dlsym(lib, "XSync") else {
            throw .noDisplay("libX11 lacks XOpenDisplay")
        }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
        let xOpen = unsafeBitCast(open, to: Open.self)
        let d = name.map { n in n.withCString { xOpen($0) } } ?? xOpen(nil)
        guard let d else { throw .noDisplay("XOpenDisplay(\(name ?? "$DISPLAY")) failed") }
        display = d
        library = lib
        self.close = unsafeBitCast(close, to: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self)
        xSync = unsafeBitCast(sync, to: (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32).self)
    }

    /// Waits until the server has handled every request sent on this connection (`XSync`):
    /// what was sent for a frame is on screen before the next (or a screenshot). Whether Xlib
    /// reported success.
    @discardableResult
    package func sync() -> Bool { xSync(display, 0) != 0 }

    deinit { _ = close(display) }
}
