import CoreGraphics

/// What happened in a window, as its `eventHandler` receives it on the main queue (our
/// addition; UIKit delivers `UIEvent`s to views, AppKit `NSEvent`s to responders).
///
/// Locations are in the root layer's coordinate space, in points (y down, origin at the root's
/// bounds origin: the top-left of the window for a root that fills it), ready for
/// `CAWindow.layer(at:)` or `CALayer.convert(_:from:)`.
public enum CAWindowEvent: Sendable {
    /// A pointer button went down (`clickCount` 2 for a double click).
    case pointerDown(CAPointerEvent)
    /// The pointer moved with a button down (a drag); `button` is the first button held.
    case pointerDragged(CAPointerEvent)
    /// A pointer button went up.
    case pointerUp(CAPointerEvent)
    /// The pointer moved with no button down.
    case pointerMoved(CAPointerEvent)
    /// A scroll wheel or touchpad scroll: `delta` in lines (x right, y down, as content moves
    /// when scrolled: positive y scrolls towards the end), at `location`.
    case scroll(delta: CGVector, location: CGPoint, modifiers: CAKeyModifiers)
    /// A key went down (`isRepeat` while held).
    case keyDown(CAKeyEvent)
    /// A key went up.
    case keyUp(CAKeyEvent)
    /// Text typed (after the keyboard layout and input method: "é", "A", "中").
    case textInput(String)
    /// The window's size changed, in points; the root layer's bounds already follow it.
    case resized(CGSize)
    /// The display's pixels per point changed (the window moved to another display, or the
    /// display's scale changed); the layers' `contentsScale` already follows it.
    case scaleChanged(CGFloat)
    /// The window gained or lost keyboard focus.
    case focusChanged(Bool)
    /// The user asked to close the window (its close button, the window manager). The window
    /// closes after the handler unless `CAWindow.closesOnRequest` is false.
    case closeRequested
}

/// A pointer event's place, button and modifiers.
public struct CAPointerEvent: Sendable, Equatable {
    /// Where, in the root layer's coordinates (points).
    public var location: CGPoint
    /// Where, in the window's coordinates (points, origin top-left): `CALayer.hitTest(_:)` on
    /// the root layer takes this (its superlayer's space).
    public var windowLocation: CGPoint
    /// The button: 1 primary (left), 2 middle, 3 secondary (right), 4 and up extra buttons;
    /// 0 for a move with no button down.
    public var button: Int
    /// 1 for a single click, 2 for a double click…; 0 for moves and drags.
    public var clickCount: Int
    public var modifiers: CAKeyModifiers

    public init(location: CGPoint, windowLocation: CGPoint, button: Int, clickCount: Int, modifiers: CAKeyModifiers = []) {
        self.location = location; self.windowLocation = windowLocation
        self.button = button; self.clickCount = clickCount; self.modifiers = modifiers
    }
}

/// A key event: which key (by name, after the layout: "A", "Return", "Left", "Space"), its
/// code, the modifiers held, and whether it repeats.
public struct CAKeyEvent: Sendable, Equatable {
    /// The key's name as the layout labels it (SDL's key names: "A", "1", "Return", "Escape",
    /// "Backspace", "Left", "F1").
    public var key: String
    /// The layout's key code (SDL keycode: the character for printable keys).
    public var keyCode: Int
    public var modifiers: CAKeyModifiers
    public var isRepeat: Bool

    public init(key: String, keyCode: Int, modifiers: CAKeyModifiers = [], isRepeat: Bool = false) {
        self.key = key; self.keyCode = keyCode; self.modifiers = modifiers; self.isRepeat = isRepeat
    }
}

/// Modifier keys held during an event (AppKit's `NSEvent.ModifierFlags` names).
public struct CAKeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = CAKeyModifiers(rawValue: 1 << 0)
    public static let control = CAKeyModifiers(rawValue: 1 << 1)
    /// Alt.
    public static let option = CAKeyModifiers(rawValue: 1 << 2)
    /// The Super (Windows, Command) key.
    public static let command = CAKeyModifiers(rawValue: 1 << 3)
    public static let capsLock = CAKeyModifiers(rawValue: 1 << 4)
}

/// The pointer's shape over a window.
public enum CAWindowCursor: Sendable, Equatable {
    case arrow, iBeam, crosshair, pointingHand, openHand, resizeLeftRight, resizeUpDown, notAllowed, wait
}
