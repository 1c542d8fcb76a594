import QuartzCore

/// One value a state sets (`<LKStateSetValue targetId="…" keyPath="…"><value type="…" value="…"/>`).
///
/// `value` is a plain Swift value as `CAMLScene` reads typed values (`NSNumber`, `CGPoint`,
/// `CGColor`…). `line` is where the element is in `file`.
public struct CAMLStateSetValue {
    public let targetID: String
    public let keyPath: String
    public let value: Any
    public let line: Int
}

/// A named state of one document (`<LKState name="Unlock">`): values that override the layers'
/// own while the state is in force. A state `basedOn` another starts from that state's values.
public struct CAMLState {
    public let name: String
    public let basedOn: String?
    public let elements: [CAMLStateSetValue]
    /// The document that declares it (a path).
    public let file: String
}

/// One animated key of a transition (`<LKStateTransitionElement targetId="…" keyPath="…">` with an
/// `<animation>`): how `keyPath` of layer `targetID` moves from its value in the old state to its
/// value in the new one.
public struct CAMLStateTransitionElement {
    public let targetID: String
    public let keyPath: String
    /// The animation as read; nil when its element was missing or unreadable (the key then jumps).
    public let animation: CAAnimation?
}

/// How a document moves between two states (`<LKStateTransition fromState="*" toState="Unlock">`);
/// `*` matches any state.
public struct CAMLStateTransition {
    public let fromState: String
    public let toState: String
    public let elements: [CAMLStateTransitionElement]
    /// The document that declares it (a path).
    public let file: String

    /// How well this transition matches a move from `from` to `to`: 3 for both names exact, 2
    /// for `* → to`, 1 for `from → *`, 0 for `* → *`; nil when it does not match.
    func match(from: String, to: String) -> Int? {
        let f = fromState == from ? 1 : (fromState == "*" ? 0 : -1)
        let t = toState == to ? 1 : (toState == "*" ? 0 : -1)
        guard f >= 0, t >= 0 else { return nil }
        return t * 2 + f
    }
}
