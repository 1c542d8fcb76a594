/// What changed on one layer since the render side last took its changes: the commit reads this
/// (WebKit's change bits, hwui's dirty mask).
struct LayerChanges {
    /// Base and subclass properties set since the last commit.
    var properties = PropertySet()
    /// Custom (KVC container) keys set since the last commit.
    var customKeys: Set<String> = []
    /// The sublayer list or the mask changed.
    var tree = false

    var isEmpty: Bool { properties.isEmpty && customKeys.isEmpty && !tree }
}

extension CALayer {
    /// Called before a property's value changes. The animation machinery hooks implicit actions
    /// here (it needs the old value, which is still in `state`).
    @inline(__always)
    final func willChange(_ id: PropertyID) {}

    /// Called after a property's value changed: marks it dirty, and marks the layer as needing
    /// display when its class's `needsDisplay(forKey:)` names the property.
    @inline(__always)
    final func didChange(_ id: PropertyID) {
        changes.properties.insert(id)
        if classInfo.needsDisplayIDs.contains(id) { setNeedsDisplay() }
    }

    /// The funnel for custom (KVC container) keys.
    final func willChange(customKey key: String) {}

    final func didChange(customKey key: String) {
        changes.customKeys.insert(key)
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }

    /// The funnel for tree edits (sublayers or mask of the receiver changed).
    final func willChangeTree() {}

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
