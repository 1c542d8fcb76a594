// The model side of a commit: what the layer looked like when the outermost transaction of its
// thread committed. `presentation()` and the render side read this, never the live model.

/// A layer's state as of its last commit.
///
/// A reference, so readers (`presentation()`, snapshots, a tick over many layers) take it
/// without copying the state. The commit updates it in place when nothing else holds it and
/// makes a new one otherwise, so whoever holds one sees one commit's values throughout.
package final class CommittedLayer {
    // Exclusivity unchecked: written only by the committing thread while uniquely referenced
    // (`commitTransaction`), so a dynamic access check on every commit of every layer buys nothing.
    @exclusivity(unchecked) package private(set) var state: LayerState
    @exclusivity(unchecked) package private(set) var customValues: [String: Any]
    private(set) var sublayers: [CALayer]
    private(set) var mask: CALayer?
    /// The animations in force, in order; begin times resolved.
    package private(set) var animations: [LayerAnimation]
    /// The serial of the last snapshot made of this state (`LayerSnapshot.replacedSerial`).
    var lastSnapshotSerial: UInt64 = 0

    init(of layer: CALayer) {
        state = layer.state; customValues = layer.customValues; sublayers = layer.sublayerList
        mask = layer.maskLayer; animations = layer.animationEntries
    }

    /// Takes the layer's current values; `changes` says which can be left as they are (only
    /// the changed properties of the state are copied: `LayerState.takeChanged`).
    func update(from layer: CALayer, changes: LayerChanges) {
        if !changes.properties.isEmpty {
            withUnsafePointer(to: &layer.state) { state.takeChanged(changes.properties, from: $0, table: layer.classInfo.table) }
        }
        if !changes.customKeys.isEmpty { customValues = layer.customValues }
        if changes.tree { sublayers = layer.sublayerList; mask = layer.maskLayer }
        if changes.animations { animations = layer.animationEntries }
    }
}

extension CALayer: TransactionParticipant {
    /// A layer with nothing marked at or below it has nothing for `layoutIfNeeded()` to do
    /// but lay out marked ancestors, and every marked layer is a participant of this commit
    /// itself (`markNeedsLayout` registers it), so it is laid out by its own call.
    func layoutForCommit() {
        if !needsLayoutFlag && !subtreeNeedsLayout { return }
        layoutIfNeeded()
    }
    func displayForCommit() { displayIfNeeded() }

    /// Registers with this thread's transaction on the first change since the last commit.
    @inline(__always)
    final func registerForCommit() {
        guard !isRegisteredForCommit, presentedModel == nil else { return }
        isRegisteredForCommit = true
        CATransaction.registerUnique(self)
    }

    func commitTransaction(_ commit: TransactionCommit) {
        isRegisteredForCommit = false
        let changes = takeChanges()
        if changes.animations { resolveNewAnimations(commit) }
        // Layers this one held at its previous commit but no longer holds leave the committed tree.
        if changes.tree, let previous = committed, previous.sublayers.count + (previous.mask == nil ? 0 : 1) > 0 {
            let now = Set(sublayerList.map(ObjectIdentifier.init)).union(maskLayer.map { [ObjectIdentifier($0)] } ?? [])
            for old in previous.sublayers + (previous.mask.map { [$0] } ?? [])
            where old.committedParent === self && !now.contains(ObjectIdentifier(old)) {
                old.detachFromCommittedParent()
            }
        }
        let first = committed == nil
        if !first && isKnownUniquelyReferenced(&committed) {
            committed.unsafelyUnwrapped.update(from: self, changes: changes)
        } else {
            committed = CommittedLayer(of: self)
        }
        if !hasCommitted { attachSequence = commit.sequence }
        hasCommitted = true
        if commit.wantsSnapshots, let snapshot = makeSnapshot(changes: first ? nil : changes) { commit.snapshots.append((snapshot, self)) }
        // Sublayers added in this transaction must be committed too so they have a presentation;
        // the links only change with the tree.
        guard changes.tree || first else { return }
        for child in sublayerList {
            child.attach(toCommittedParent: self, commit)
            if !child.hasCommitted { child.registerForCommitNow(commit) }
        }
        if let m = maskLayer {
            m.attach(toCommittedParent: self, commit)
            if !m.hasCommitted { m.registerForCommitNow(commit) }
        }
    }

    /// Compiles the animations added since the last commit (once, before any evaluation sees
    /// them) and resolves their begin times: 0 means "now" in the layer's local time, so paused
    /// or slowed ancestors are honoured (Apple: add(_:forKey:) and convertTime(_:from:)).
    private func resolveNewAnimations(_ commit: TransactionCommit) {
        var now: CFTimeInterval?
        for entry in animationEntries where entry.resolvedBeginTime == nil {
            entry.compile(table: classInfo.table)
            if entry.animation.beginTime == 0 {
                if now == nil { now = commit.localTime(of: self) }
                entry.resolvedBeginTime = now
            } else {
                entry.resolvedBeginTime = entry.animation.beginTime
            }
        }
    }

    /// Commits a layer that joined a committed tree without changing itself.
    private func registerForCommitNow(_ commit: TransactionCommit) {
        commitTransaction(commit)
    }
}
