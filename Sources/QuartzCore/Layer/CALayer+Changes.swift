/// What changed on one layer since the render side last took its changes: the commit reads this
/// (WebKit's change bits, hwui's dirty mask).
struct LayerChanges {
    /// Base and subclass properties set since the last commit.
    var properties = PropertySet()
    /// Custom (KVC container) keys set since the last commit.
    var customKeys: Set<String> = []
    /// The sublayer list or the mask changed.
    var tree = false
    /// Animations were added or removed.
    var animations = false

    var isEmpty: Bool { properties.isEmpty && customKeys.isEmpty && !tree && !animations }
}

extension CALayer {
    /// Called before a property's value changes: joins the thread's transaction and, for an
    /// animatable property of a layer that a host has shown (`isShownByHost`), finds the
    /// implicit action while the old value is still visible (the action animates from the
    /// presentation value). A layer no host has shown yet takes its model values at once.
    @inline(__always)
    final func willChange(_ id: PropertyID) {
        guard presentedModel == nil else { return }
        registerForCommit()
        // Cheapest test first: with actions disabled no action is looked up (prepareAction
        // would return at once), so the host-presence walk up the committed parents is skipped.
        if let key = classInfo.actionKey(id), !CATransaction.disableActions(), isShownByHost {
            prepareAction(forKey: key)
        }
    }

    /// Called after a property's value changed: marks it dirty, marks the layer as needing
    /// display when its class's `needsDisplay(forKey:)` names the property, and runs the action
    /// `willChange` found.
    @inline(__always)
    final func didChange(_ id: PropertyID) {
        changes.properties.insert(id)
        if id == .contents { backingStore = nil }   // an explicit contents replaces what display drew
        if classInfo.needsDisplayIDs.contains(id) { setNeedsDisplay() }
        if pendingAction != nil { runPendingAction() }
    }

    /// The funnel for custom (KVC container) keys. Custom keys have actions too (Apple: "you can
    /// also associate actions with custom properties").
    final func willChange(customKey key: String) {
        guard presentedModel == nil else { return }
        registerForCommit()
        if isShownByHost { prepareAction(forKey: key) }
    }

    final func didChange(customKey key: String) {
        changes.customKeys.insert(key)
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        if pendingAction != nil { runPendingAction() }
    }

    /// The funnel for tree edits (sublayers or mask of the receiver changed).
    final func willChangeTree() {
        guard presentedModel == nil else { return }
        registerForCommit()
    }

    final func didChangeTree() {
        changes.tree = true
        setNeedsLayout()
    }

    /// Returns and clears the recorded changes (the commit calls this).
    final func takeChanges() -> LayerChanges {
        let c = changes
        changes = LayerChanges()
        return c
    }
}
