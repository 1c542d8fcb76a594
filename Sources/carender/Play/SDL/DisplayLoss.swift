import Foundation

/// What happens when the display goes away under an open window (the X server exits or drops
/// the connection, mid-frame or between frames): Xlib's default is to print "XIO: fatal IO
/// error" and exit 1 from inside whatever call noticed. Play installs its own handler in the
/// X library SDL opened: one clear line and exit 69, the code play uses for "no display".
/// (The handler must not return: Xlib exits the process after it does.)
enum DisplayLoss {
    static func install() {
        // Only the copy SDL loaded (X11 driver); under Wayland there is none and nothing to do.
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
              let setter = dlsym(x11, "XSetIOErrorHandler") else { return }
        typealias Handler = @convention(c) (OpaquePointer?) -> Int32
        typealias Setter = @convention(c) (Handler?) -> Handler?
        let handler: Handler = { _ in
            let message: StaticString = "carender: the display closed the window's connection (the X server went away); stopping\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(ExitCode.unavailable.rawValue)
        }
        _ = unsafeBitCast(setter, to: Setter.self)(handler)
        // A write to the dead socket raises SIGPIPE first, which would end the process silently.
        signal(SIGPIPE, SIG_IGN)
    }
}
