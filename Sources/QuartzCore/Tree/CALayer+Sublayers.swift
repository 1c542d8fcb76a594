// Tree edits. Every edit goes through `willChangeTree()`/`didChangeTree()` on the layer whose
// sublayers or mask changed, and keeps three invariants: a layer has at most one superlayer, a
// mask is nobody's sublayer, and no layer is its own ancestor. An edit that would break one is
// ignored and reported (Apple raises an exception), so the tree is never left half-changed.

extension CALayer {
    /// Whether `layer` is the receiver or one of its ancestors (through superlayers and the
    /// layers that masks belong to).
    final func hasAncestorOrSelf(_ layer: CALayer) -> Bool {
        var l: CALayer? = self
        while let current = l {
            if current === layer { return true }
            l = current.parent
        }
        return false
    }

    /// Checks that `layer` may become a sublayer or mask of the receiver; reports why not.
    final func canAdopt(_ layer: CALayer, _ operation: String) -> Bool {
        guard !hasAncestorOrSelf(layer) else {
            CADiagnostics.report(CALayerDiagnostic(
                .cycle, "\(operation): \(layer) is the receiver or one of its ancestors; adding it would "
                    + "make a cycle, so the tree is left unchanged"))
            return false
        }
        return true
    }

    /// Inserts `layer` so that it ends at `index` of the sublayers (counted without `layer`).
    final func insert(_ layer: CALayer, at index: Int, _ operation: String) {
        guard canAdopt(layer, operation) else { return }
        var index = index
        if layer.parent === self, layer !== maskLayer,
           let old = sublayerList.firstIndex(where: { $0 === layer }), old < index {
            index -= 1
        }
        let oldParent = layer.sublayerParent
        layer.detachFromParent(ordering: false)
        willChangeTree()
        sublayerList.insert(layer, at: min(max(index, 0), sublayerList.count))
        layer.parent = self
        didChangeTree()
        layer.didOrderIn(to: self, from: oldParent)
    }

    final func insertSublayer(_ layer: CALayer, index: UInt32) {
        let count = sublayerList.count - (sublayerList.contains { $0 === layer } ? 1 : 0)
        var i = Int(index)
        if i > count {
            CADiagnostics.report(CALayerDiagnostic(
                .indexOutOfRange, "insertSublayer(_:at: \(index)) is past the end of \(count) sublayers; "
                    + "the layer is added at the front instead"))
            i = count
        }
        guard canAdopt(layer, "insertSublayer(_:at:)") else { return }
        let oldParent = layer.sublayerParent
        layer.detachFromParent(ordering: false)
        willChangeTree()
        sublayerList.insert(layer, at: min(i, sublayerList.count))
        layer.parent = self
        didChangeTree()
        layer.didOrderIn(to: self, from: oldParent)
    }

    final func insertSublayer(_ layer: CALayer, nextTo sibling: CALayer?, above: Bool) {
        let operation = above ? "insertSublayer(_:above:)" : "insertSublayer(_:below:)"
        if layer === sibling { return }
        guard canAdopt(layer, operation) else { return }
        if let sibling, !sublayerList.contains(where: { $0 === sibling }) {
            CADiagnostics.report(CALayerDiagnostic(
                .notASublayer, "\(operation): \(sibling) is not a sublayer of \(self); the layer is added at the "
                    + (above ? "front" : "back")))
        }
        let oldParent = layer.sublayerParent
        layer.detachFromParent(ordering: false)
        var index = above ? sublayerList.count : 0
        if let sibling, let i = sublayerList.firstIndex(where: { $0 === sibling }) {
            index = above ? i + 1 : i
        }
        willChangeTree()
        sublayerList.insert(layer, at: index)
        layer.parent = self
        didChangeTree()
        layer.didOrderIn(to: self, from: oldParent)
    }

    final func replace(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer.parent === self, sublayerList.contains(where: { $0 === oldLayer }) else {
            CADiagnostics.report(CALayerDiagnostic(
                .notASublayer, "replaceSublayer(_:with:): \(oldLayer) is not a sublayer of \(self); nothing replaced"))
            return
        }
        if oldLayer === newLayer { return }
        guard canAdopt(newLayer, "replaceSublayer(_:with:)") else { return }
        let newLayerParent = newLayer.sublayerParent
        newLayer.detachFromParent(ordering: false)
        guard let i = sublayerList.firstIndex(where: { $0 === oldLayer }) else { return }
        willChangeTree()
        sublayerList[i] = newLayer
        oldLayer.parent = nil
        newLayer.parent = self
        didChangeTree()
        oldLayer.didOrderOut()
        newLayer.didReplace(in: self, from: newLayerParent)
    }

    /// Removes the receiver from its superlayer's sublayers, or from the mask slot of the layer
    /// it masks. `ordering`: run the order-out action (not when the layer is about to be
    /// inserted elsewhere; see CALayer+OrderingActions.swift).
    final func detachFromParent(ordering: Bool = true) {
        guard let p = parent else { return }
        p.willChangeTree()
        var wasSublayer = false
        if p.maskLayer === self {
            p.maskLayer = nil
        } else if let i = p.sublayerList.firstIndex(where: { $0 === self }) {
            p.sublayerList.remove(at: i)
            wasSublayer = true
        }
        parent = nil
        p.didChangeTree()
        if ordering && wasSublayer { didOrderOut() }
    }

    /// Replaces all sublayers. The whole assignment is rejected when a layer is the receiver or
    /// one of its ancestors; a layer listed twice is kept once, at its first place.
    final func setSublayers(_ layers: [CALayer]) {
        for layer in layers where !canAdopt(layer, "sublayers =") { return }
        var unique: [CALayer] = []
        unique.reserveCapacity(layers.count)
        for layer in layers where !unique.contains(where: { $0 === layer }) { unique.append(layer) }
        if unique.count != layers.count {
            CADiagnostics.report(CALayerDiagnostic(
                .invalidValue, key: "sublayers", "sublayers = lists a layer more than once; it is kept at its first place"))
        }
        let wasSublayer = unique.map { l in sublayerList.contains { $0 === l } }
        for layer in unique where layer.parent !== self || layer === maskLayer { layer.detachFromParent(ordering: false) }
        willChangeTree()
        let removed = sublayerList.filter { old in !unique.contains(where: { $0 === old }) }
        for old in removed { old.parent = nil }
        sublayerList = unique
        for layer in unique { layer.parent = self }
        didChangeTree()
        for old in removed { old.didOrderOut() }
        for (layer, kept) in zip(unique, wasSublayer) { layer.didOrderIn(to: self, from: kept ? self : nil) }
    }

    final func setMask(_ newMask: CALayer?) {
        if newMask === maskLayer { return }
        if let m = newMask {
            guard canAdopt(m, "mask =") else { return }
            guard m.parent == nil else {
                CADiagnostics.report(CALayerDiagnostic(
                    .maskInUse, key: "mask", "mask = \(m): the layer already has a superlayer; remove it first"))
                return
            }
        }
        willChangeTree()
        maskLayer?.parent = nil
        maskLayer = newMask
        newMask?.parent = self
        didChangeTree()
    }
}
