import Foundation

/// Why `carender play` cannot show a window (every case exits 69, EX_UNAVAILABLE, as
/// `--backend gpu` does without a GPU); each carries a sentence for the user.
enum PlayError: Error, CustomStringConvertible {
    /// libSDL2 could not be opened (the loader's message).
    case noSDL(String)
    /// SDL found no display to open a window on: no X server or Wayland compositor reachable.
    case noDisplay(String)
    /// A display exists but the window, its renderer or its texture could not be made.
    case windowFailed(String)

    var description: String {
        switch self {
        case .noSDL(let m):
            "no SDL2 library (\(m)); install libsdl2-2.0-0 to open windows (carender render still works)"
        case .noDisplay(let m):
            "no display to open a window on" + (m.isEmpty ? "" : " (\(m))") + "; " + Self.displayHint
        case .windowFailed(let m): "could not open the window: \(m)"
        }
    }

    /// What the environment says about displays, for the no-display message.
    static var displayHint: String {
        let env = ProcessInfo.processInfo.environment
        let set = ["DISPLAY", "WAYLAND_DISPLAY"].filter { !(env[$0] ?? "").isEmpty }
        return set.isEmpty
            ? "neither DISPLAY nor WAYLAND_DISPLAY is set (run under X11 or Wayland, or xvfb-run)"
            : set.map { "\($0)=\(env[$0]!)" }.joined(separator: ", ") + " could not be reached"
    }
}
