/// An object a layer runs when one of its properties changes or an event happens: Apple's
/// `CAAction` (https://developer.apple.com/documentation/quartzcore/caaction).
/// `CAAnimation` conforms (in the animation files); `NSNull` conforms and does nothing, so it
/// can stop the action search.
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (a layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` in `actions` or from a delegate means "no action".
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
