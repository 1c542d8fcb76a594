// The action search of `action(forKey:)`
// (https://developer.apple.com/documentation/quartzcore/calayer/action(forkey:)).

extension CALayer {
    final func searchAction(forKey event: String) -> (any CAAction)? {
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = state.actions?[event] {
            return action is NSNull ? nil : action
        }
        if let styleActions = state.style?["actions"] as? [String: Any], let found = styleActions[event] {
            if found is NSNull { return nil }
            if let action = found as? any CAAction { return action }
        }
        if let action = type(of: self).defaultAction(forKey: event) { return action }
        return implicitAnimation(forKey: event)
    }

    /// Step 5 of the search: Core Animation's own implicit action for an animatable property —
    /// a `CABasicAnimation` from the value on screen now (the presentation value, or the model
    /// value before the first commit) to the new model value, with the transaction's duration
    /// and timing function (`.default` when the transaction sets none).
    /// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/ReactingtoLayerChanges/ReactingtoLayerChanges.html)
    final func implicitAnimation(forKey key: String) -> CABasicAnimation? {
        guard !CALayer.isOrderingKey(key) else { return nil }
        let animatable: Bool
        // No CGPath property animates implicitly (Apple's `CAShapeLayer.path` page: "as with all
        // CGPath animatable properties"); they animate through explicit animations only.
        if let d = classInfo.table[key] {
            animatable = d.flags.contains(.animatable) && !d.flags.contains(.tree) && d.interpolation != .path
        }
        else { animatable = type(of: self).needsDisplay(forKey: key) }   // custom animatable keys
        guard animatable else { return nil }
        let anim = CABasicAnimation(keyPath: key)
        let from = typedPresentationValue(forKey: key)
        anim.fromValue = from.boxed
        anim.typedFromValue = from.typed
        anim.duration = CATransaction.animationDuration()
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CALayer.implicitTimingFunction
        return anim
    }

    /// `.default`, shared by the implicit animations that take it (timing functions are
    /// immutable), so each does not make its own.
    private static let implicitTimingFunction = CAMediaTimingFunction(name: .default)

    /// Looks up the action for a property about to change (unless the transaction disables
    /// actions); `didChange` runs it once the new value is stored.
    final func prepareAction(forKey key: String) {
        guard pendingAction == nil, !CATransaction.disableActions(),
              let action = action(forKey: key) else { return }
        pendingAction = PendingAction(key: key, action: action)
    }

    final func runPendingAction() {
        guard let pending = pendingAction else { return }
        pendingAction = nil
        pending.action.run(forKey: pending.key, object: self, arguments: nil)
    }
}

/// The action `willChange` found for the property being set (`CALayer.pendingAction`).
final class PendingAction {
    let key: String
    let action: any CAAction
    init(key: String, action: any CAAction) { self.key = key; self.action = action }
}
