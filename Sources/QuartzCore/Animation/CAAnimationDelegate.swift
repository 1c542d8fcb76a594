/// Receives an animation's start and stop. Both methods are optional (default: do nothing) and are
/// called on the main queue. Follows https://developer.apple.com/documentation/quartzcore/caanimationdelegate.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began its active period.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran its full active duration, false when it
    /// was removed first (removeAnimation, a replacement for the same key, or its layer leaving).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
