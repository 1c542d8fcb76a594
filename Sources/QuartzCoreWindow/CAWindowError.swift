import Foundation

/// Why a window could not be opened or shown (our addition). Each case carries a sentence for
/// the user that says what to install or set.
public enum CAWindowError: Error, CustomStringConvertible, Sendable {
    /// libSDL2 could not be opened (the loader's message).
    case noSDL(String)
    /// SDL found no display to open a window on: no X server or Wayland compositor reachable.
    case noDisplay(String)
    /// A display exists but the window (or its renderer, texture or surface) could not be made.
    case windowFailed(String)
    /// `.gpu` was asked for and the GPU cannot present to this window (the EGL reason).
    case gpuUnavailable(String)

    public var description: String {
        switch self {
        case .noSDL(let m):
            "no SDL2 library (\(m)); " + Self.sdlHint + " (offscreen rendering still works)"
        case .noDisplay(let m):
            "no display to open a window on" + (m.isEmpty ? "" : " (\(m))") + "; " + Self.displayHint
        case .windowFailed(let m): "could not open the window: \(m)"
        case .gpuUnavailable(let m): "the GPU cannot present to the window: \(m)"
        }
    }

    /// What to do about a missing SDL2: install it, or fix the variable that named another file.
    static var sdlHint: String {
        let env = ProcessInfo.processInfo.environment
        for name in ["QUARTZCORE_SDL_LIBRARY", "CARENDER_SDL_LIBRARY"] where !(env[name] ?? "").isEmpty {
            return "\(name)=\(env[name]!) names it; unset it to use the system's libSDL2-2.0.so.0"
        }
        return "install libsdl2-2.0-0 to open windows"
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
