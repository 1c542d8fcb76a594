import Synchronization

// Which layers animate implicitly. Apple animates a property change from the presentation value,
// which exists only for a layer the render server already shows; a layer that was never on
// screen takes its new values at once, so a layer made early (a stored property, or one that sat
// detached while frames went by), configured and then added appears in place on its first frame.
// Here "shown" means: committed into a host's tree (`CALayerHost`) before a frame that host ran —
// the layer, and every committed ancestor up to the host's root, joined before that frame.

/// On a host's root layer: the last commit its host's frames have shown (`CommitSequence`).
/// Atomic: a renderer may note its frames on another thread than the model's.
final class HostFrameRecord: Sendable {
    private let shown = Atomic<UInt64>(0)
    var shownThrough: UInt64 { shown.load(ordering: .acquiring) }

    /// The host drew a frame: every commit made so far is on screen.
    func noteFrame() { shown.store(CommitSequence.current, ordering: .releasing) }
}

/// Numbers outermost commits process-wide, so a host can tell which commits its frames have seen.
enum CommitSequence {
    private static let value = Atomic<UInt64>(0)

    static func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
    static var current: UInt64 { value.load(ordering: .relaxed) }
}

extension CALayer {
    /// Whether a host has shown this layer in a frame (so property changes animate). Once true it
    /// stays true until the layer leaves its committed parent.
    final var isShownByHost: Bool {
        if wasShownByHost { return true }
        guard hasCommitted else { return false }
        var newest = attachSequence
        var top = self
        while top.hostFrames == nil, let p = top.committedParent {
            newest = max(newest, p.attachSequence)
            top = p
        }
        guard let record = top.hostFrames, record.shownThrough >= newest else { return false }
        wasShownByHost = true
        return true
    }

    /// Records that the receiver is held by `parent` as of `commit` (the parent's commit).
    final func attach(toCommittedParent parent: CALayer, _ commit: TransactionCommit) {
        guard committedParent !== parent else { return }
        committedParent = parent
        attachSequence = commit.sequence
        wasShownByHost = false
    }

    /// The receiver left its committed parent: it is no longer on screen.
    final func detachFromCommittedParent() {
        committedParent = nil
        wasShownByHost = false
    }
}
