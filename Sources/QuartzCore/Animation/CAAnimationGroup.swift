/// Several animations run together in the group's time space: each child's beginTime and
/// duration are relative to the group, and children are clipped to the group's duration.
/// Follows https://developer.apple.com/documentation/quartzcore/caanimationgroup.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations?.map { $0.copy() as! CAAnimation }
    }
}
