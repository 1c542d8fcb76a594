import CQuartzSDL2

/// What a key does in `play`'s window.
enum PlayAction: Equatable {
    case quit
    case togglePause
    /// Next (+1) or previous (−1) state, wrapping around.
    case step(Int)
    /// The state at this index (key 1 is index 0).
    case state(Int)

    /// The action of the key `sym` (an SDL keycode), or nil for keys play ignores.
    init?(key sym: SDL_Keycode) {
        switch UInt32(bitPattern: sym) {
        case SDLK_ESCAPE.rawValue, SDLK_q.rawValue: self = .quit
        case SDLK_SPACE.rawValue: self = .togglePause
        case SDLK_RIGHT.rawValue, SDLK_DOWN.rawValue, SDLK_PAGEDOWN.rawValue: self = .step(1)
        case SDLK_LEFT.rawValue, SDLK_UP.rawValue, SDLK_PAGEUP.rawValue: self = .step(-1)
        case SDLK_1.rawValue...SDLK_9.rawValue: self = .state(Int(UInt32(bitPattern: sym) - SDLK_1.rawValue))
        case SDLK_KP_1.rawValue...SDLK_KP_9.rawValue: self = .state(Int(UInt32(bitPattern: sym) - SDLK_KP_1.rawValue))
        default: return nil
        }
    }

    /// The index of the state to go to among `count` states from `current` (nil: none yet).
    func stateIndex(from current: Int?, count: Int) -> Int? {
        guard count > 0 else { return nil }
        switch self {
        case .state(let i): return i < count ? i : nil
        case .step(let d):
            guard let c = current else { return d > 0 ? 0 : count - 1 }
            return ((c + d) % count + count) % count
        default: return nil
        }
    }
}
