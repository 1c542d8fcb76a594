/// A single-keyframe animation from `fromValue` to `toValue` (or by `byValue`).
///
/// Which of the three are set decides the interpolation, as Apple documents: from+to; from+by
/// (from → from+by); by+to (to−by → to); from only (from → current value); to only (current →
/// to); by only (current → current+by); none (previous presentation value → current value).
/// Follows https://developer.apple.com/documentation/quartzcore/cabasicanimation.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { didSet { typedFromValue = nil } }
    open var toValue: Any?
    open var byValue: Any?

    /// `fromValue` already in typed form, when the layer's implicit action made it from a typed
    /// state value (so the commit's compile need not decode the box again); cleared by any
    /// later set of `fromValue`.
    final var typedFromValue: AnimValue?

    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
        typedFromValue = o.typedFromValue
    }
}
