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
        return type(of: self).defaultAction(forKey: event)
    }
}
