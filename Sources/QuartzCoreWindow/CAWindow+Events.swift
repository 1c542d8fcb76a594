import CQuartzSDL2
import CoreGraphics
import QuartzCore

/// SDL's events as `CAWindowEvent`s, in the root layer's coordinates, to `eventHandler`.
extension CAWindow {
    /// One SDL event of this window (main thread, from `SDLEventPump`).
    func handle(_ e: inout SDL_Event) {
        guard !isClosed else { return }
        switch SDL_EventType(e.type) {
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                let (resized, rescaled) = windowChanged()
                if resized { deliver(.resized(size)) }
                if rescaled { deliver(.scaleChanged(contentsScale)) }
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                loop.setNeedsRedisplay()
            case SDL_WINDOWEVENT_FOCUS_GAINED: deliver(.focusChanged(true))
            case SDL_WINDOWEVENT_FOCUS_LOST: deliver(.focusChanged(false))
            case SDL_WINDOWEVENT_CLOSE:
                deliver(.closeRequested)
                if closesOnRequest { close() }
            default: break
            }
        case SDL_MOUSEBUTTONDOWN:
            let b = e.button
            if b.button >= 1, b.button <= 32 { buttonsDown |= 1 << (UInt32(b.button) - 1) }
            deliver(.pointerDown(pointer(b.x, b.y, button: Int(b.button), clicks: Int(b.clicks))))
        case SDL_MOUSEBUTTONUP:
            let b = e.button
            if b.button >= 1, b.button <= 32 { buttonsDown &= ~(1 << (UInt32(b.button) - 1)) }
            deliver(.pointerUp(pointer(b.x, b.y, button: Int(b.button), clicks: Int(b.clicks))))
        case SDL_MOUSEMOTION:
            let m = e.motion
            let held = m.state & buttonsDown
            if held != 0 {
                deliver(.pointerDragged(pointer(m.x, m.y, button: held.trailingZeroBitCount + 1, clicks: 0)))
            } else {
                deliver(.pointerMoved(pointer(m.x, m.y, button: 0, clicks: 0)))
            }
        case SDL_MOUSEWHEEL:
            let w = e.wheel
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let delta = CGVector(dx: CGFloat(w.preciseX * flip), dy: CGFloat(-w.preciseY * flip))
            let at = pointer(w.mouseX, w.mouseY, button: 0, clicks: 0)
            deliver(.scroll(delta: delta, location: at.location, modifiers: at.modifiers))
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = e.key
            let name = sdl.keyName(k.keysym.sym).map { String(cString: $0) } ?? ""
            let event = CAKeyEvent(key: name, keyCode: Int(k.keysym.sym), modifiers: Self.modifiers(k.keysym.mod),
                                   isRepeat: k.repeat != 0)
            deliver(e.type == SDL_KEYDOWN.rawValue ? .keyDown(event) : .keyUp(event))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !text.isEmpty { deliver(.textInput(text)) }
        default:
            break
        }
    }

    /// A pointer event at SDL window coordinates (x, y).
    private func pointer(_ x: Int32, _ y: Int32, button: Int, clicks: Int) -> CAPointerEvent {
        let windowPoint = CGPoint(x: CGFloat(x) / scaleOverride, y: CGFloat(y) / scaleOverride)
        return CAPointerEvent(location: rootLayer.convert(windowPoint, from: nil), windowLocation: windowPoint,
                              button: button, clickCount: clicks, modifiers: Self.modifiers(UInt16(sdl.modState().rawValue)))
    }

    /// SDL's modifier mask as `CAKeyModifiers`.
    static func modifiers(_ mod: UInt16) -> CAKeyModifiers {
        var m: CAKeyModifiers = []
        let mask = UInt32(mod)
        if mask & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if mask & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
        if mask & KMOD_ALT.rawValue != 0 { m.insert(.option) }
        if mask & KMOD_GUI.rawValue != 0 { m.insert(.command) }
        if mask & KMOD_CAPS.rawValue != 0 { m.insert(.capsLock) }
        return m
    }

    /// Hands `event` to `eventHandler`; what it throws is reported, not propagated.
    func deliver(_ event: CAWindowEvent) {
        guard let handler = eventHandler else { return }
        do { try handler(event) } catch {
            report("the event handler threw \(error) (handling \(Self.kind(of: event))); the window carries on")
        }
    }

    private static func kind(of event: CAWindowEvent) -> String {
        String(describing: event).prefix { $0 != "(" }.description
    }

    // MARK: - Hit testing

    /// The deepest layer of the model tree under `location` (root layer coordinates, as events
    /// give them), found by `CALayer.hitTest(_:)` as UIKit finds the view under a touch; nil
    /// outside the root. Layers that are hidden, or transparent to hits, are as `hitTest` decides.
    public func layer(at location: CGPoint) -> CALayer? {
        rootLayer.hitTest(rootLayer.convert(location, to: nil))
    }

    /// The model layer whose *presentation* (where it is on screen now, mid-animation) is under
    /// `location` (root layer coordinates): for moving targets, as UIKit apps hit-test the
    /// presentation layer. nil outside every layer.
    public func presentedLayer(at location: CGPoint) -> CALayer? {
        guard let root = rootLayer.presentation() else { return layer(at: location) }
        return root.hitTest(rootLayer.convert(location, to: nil))?.model()
    }
}
