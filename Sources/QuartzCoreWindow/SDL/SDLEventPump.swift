import CQuartzSDL2
import Dispatch

/// Reads SDL's event queue on the main queue and hands each event to the window it belongs to.
///
/// It runs as main-queue sources, not a loop of its own, so an app may enter the main loop any
/// way it likes (`CAWindow.run()`, `dispatchMain()`, `RunLoop.main.run()`): a read source on
/// the X connection wakes it as input arrives, and a slow timer catches what arrives another
/// way (events SDL queues itself or that were read along with others). An idle window costs
/// ten short wakes a second.
package final class SDLEventPump: @unchecked Sendable {   // main thread only
    package static let shared = SDLEventPump()

    private var receivers: [UInt32: (inout SDL_Event) -> Void] = [:]
    private var sdl: SDLLibrary?
    private var timer: DispatchSourceTimer?
    private var reader: DispatchSourceRead?
    private var pumping = false

    /// Routes the events of SDL window `id` to `receive` (main thread). `connection` is the
    /// window system's file descriptor, watched for input when known.
    package func add(window id: UInt32, sdl: SDLLibrary, connection: Int32?, receive: @escaping (inout SDL_Event) -> Void) {
        receivers[id] = receive
        self.sdl = sdl
        if timer == nil {
            let t = DispatchSource.makeTimerSource(queue: .main)
            t.schedule(deadline: .now(), repeating: .milliseconds(100), leeway: .milliseconds(20))
            t.setEventHandler { [weak self] in self?.pump() }
            t.resume()
            timer = t
        }
        if reader == nil, let fd = connection {
            let r = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
            r.setEventHandler { [weak self] in self?.pump() }
            r.resume()
            reader = r
        }
    }

    /// Stops routing SDL window `id`'s events; the sources stop with the last window.
    package func remove(window id: UInt32) {
        receivers[id] = nil
        guard receivers.isEmpty else { return }
        timer?.cancel(); timer = nil
        reader?.cancel(); reader = nil
    }

    /// Hands every queued event to its window now (main thread; a handler that pumps again
    /// inside is ignored).
    package func pump() {
        guard let sdl, !pumping else { return }
        pumping = true
        defer { pumping = false }
        var e = SDL_Event()
        while sdl.pollEvent(&e) != 0 {
            guard let id = Self.windowID(of: e), let receive = receivers[id] else { continue }
            receive(&e)
        }
    }

    /// The SDL window an event belongs to, for the kinds windows take.
    static func windowID(of e: SDL_Event) -> UInt32? {
        switch SDL_EventType(e.type) {
        case SDL_WINDOWEVENT: e.window.windowID
        case SDL_KEYDOWN, SDL_KEYUP: e.key.windowID
        case SDL_TEXTINPUT: e.text.windowID
        case SDL_MOUSEMOTION: e.motion.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: e.button.windowID
        case SDL_MOUSEWHEEL: e.wheel.windowID
        default: nil
        }
    }
}
