import Foundation

/// What happens when the display goes away under an open window (the X server exits or drops
/// the connection, mid-frame or between frames): Xlib's default is to print "XIO: fatal IO
/// error" and exit 1 from inside whatever call noticed. Windows install a handler in the X
/// library SDL opened instead: one clear line and exit 69 (EX_UNAVAILABLE), the status for "no
/// display". Xlib exits the process after the handler returns, so it exits itself; there is no
/// way to carry on with a connection Xlib has declared dead.
package enum DisplayLoss {
    /// The line written before exiting (ASCII; set before the first window opens).
    nonisolated(unsafe) package static var message: StaticString =
        "QuartzCoreWindow: the display closed the window's connection (the X server went away); exiting\n"

    /// Installs the handler (idempotent; nothing under Wayland, where there is no libX11 in use).
    package static func install() {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
              let setter = dlsym(x11, "XSetIOErrorHandler") else { return }
        typealias Handler = @convention(c) (OpaquePointer?) -> Int32
        typealias Setter = @convention(c) (Handler?) -> Handler?
        let handler: Handler = { _ in
            let m = DisplayLoss.message
            _ = write(2, m.utf8Start, m.utf8CodeUnitCount)
            _exit(69)
        }
        _ = unsafeBitCast(setter, to: Setter.self)(handler)
        // A write to the dead socket raises SIGPIPE first, which would end the process silently.
        signal(SIGPIPE, SIG_IGN)
    }
}
