import Synchronization

/// What the render side keeps of one layer: an immutable copy of its committed state.
///
/// `@unchecked Sendable`: every field is a value or an object that is never mutated after the
/// commit that made it — `LayerState` may hold `Any` values (contents, filters) that the render
/// side only reads; `LayerAnimation`s are the layer's private copies, whose `animation` and
/// `resolvedBeginTime` are fixed once committed (their event flags belong to the model side and
/// are not read here).
final class LayerSnapshot: @unchecked Sendable {
    let id: UInt64
    let state: LayerState
    let customValues: [String: Any]
    let sublayers: [UInt64]
    let mask: UInt64?
    let animations: [LayerAnimation]
    let table: PropertyTable
    /// The drawn backing store, if the layer has displayed.
    let backingStore: BackingStore?
    /// What the commit that made this snapshot changed since the layer's previous one
    /// (properties, custom keys, the tree, animations); nil when not known (a tree's seed, a
    /// model snapshot for `render(in:)`): then anything may have.
    let changes: LayerChanges?
    /// Snapshots are numbered as they are made (one process-wide count, from 1), so a frame
    /// can tell the snapshots made since the previous frame (FrameBuilder+Reuse) by one compare.
    let serial: UInt64
    /// The serial of the layer's snapshot before this one (0: none): with `serial`, whether the
    /// layer changed in consecutive frames.
    let replacedSerial: UInt64

    private static let serials = Atomic<UInt64>(0)
    /// The serial of the latest snapshot made (0 before any).
    static var latestSerial: UInt64 { serials.load(ordering: .relaxed) }

    init(id: UInt64, state: LayerState, customValues: [String: Any], sublayers: [UInt64], mask: UInt64?,
         animations: [LayerAnimation], table: PropertyTable, backingStore: BackingStore?,
         changes: LayerChanges? = nil, replacedSerial: UInt64 = 0) {
        self.id = id; self.state = state; self.customValues = customValues
        self.sublayers = sublayers; self.mask = mask; self.animations = animations
        self.table = table; self.backingStore = backingStore; self.changes = changes
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        self.replacedSerial = replacedSerial
    }

    /// Whether this snapshot was made after `frames.last` (the previous frame's
    /// `latestSerial`) and replaced one made after `frames.beforeLast` (the frame before's):
    /// the layer changed between each of the last frames, as a layer set every frame does.
    func changesEveryFrame(_ frames: FrameSerials) -> Bool {
        serial > frames.last && replacedSerial > frames.beforeLast
    }

    /// The same snapshot with another backing store (a presentation copy's redraw).
    func replacingBackingStore(_ store: BackingStore) -> LayerSnapshot {
        LayerSnapshot(id: id, state: state, customValues: customValues, sublayers: sublayers, mask: mask,
                      animations: animations, table: table, backingStore: store, changes: nil,
                      replacedSerial: replacedSerial)
    }

    /// The layer's local time under a parent at `parentTime`, and its presentation state then;
    /// nil when it is hidden (nothing of its subtree is drawn). What every frame walk starts with.
    func visibleState(parentTime: CFTimeInterval) -> (local: CFTimeInterval, state: LayerState)? {
        let local = localTime(parentTime: parentTime)
        let st = presentationState(at: local)
        return st.isHidden ? nil : (local, st)
    }

    /// The layer's local time under a parent at `parentTime`.
    func localTime(parentTime: CFTimeInterval) -> CFTimeInterval {
        MediaTiming.localTime(fromParent: parentTime, beginTime: state.beginTime, speed: state.speed,
                              timeOffset: state.timeOffset)
    }

    /// The state with every animation applied at the layer's local time `t` (the same function
    /// `presentation()` uses).
    func presentationState(at t: CFTimeInterval) -> LayerState {
        guard !animations.isEmpty else { return state }
        var s = state, custom = customValues
        AnimationEvaluator.apply(animations, to: &s, custom: &custom, table: table, at: t)
        return s
    }
}

extension CALayer {
    /// The snapshot of the receiver's committed state; `changes`: what its commit changed
    /// (nil: not known).
    final func makeSnapshot(changes: LayerChanges? = nil) -> LayerSnapshot? {
        guard let c = committed else { return nil }
        let s = LayerSnapshot(id: layerID, state: c.state, customValues: c.customValues,
                              sublayers: c.sublayers.map(\.layerID), mask: c.mask?.layerID,
                              animations: c.animations, table: classInfo.table, backingStore: backingStore,
                              changes: changes, replacedSerial: c.lastSnapshotSerial)
        c.lastSnapshotSerial = s.serial
        return s
    }
}

/// `LayerSnapshot.latestSerial` when the previous frame and the one before took their
/// snapshots (`.max`: no such frame yet), as a producer keeps them for its builder.
struct FrameSerials {
    var last = UInt64.max, beforeLast = UInt64.max

    /// The serials after a frame that took its snapshots at `serial`.
    func advanced(to serial: UInt64) -> FrameSerials { FrameSerials(last: serial, beforeLast: last) }
}
