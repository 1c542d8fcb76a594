import Synchronization

/// What a layer class (including a user subclass) contributes, worked out once per class:
/// its property table, the initial state with its `defaultValue(forKey:)` overrides applied,
/// and which properties its `needsDisplay(forKey:)` names.
///
/// Caching this keeps `init()` to one dictionary lookup and one struct copy, and keeps the
/// setters free of string work: a setter tests a bit in `needsDisplayIDs`.
package final class LayerClassInfo: @unchecked Sendable {
    // @unchecked: every field is immutable after init; LayerState holds `Any` values (contents,
    // filters…) that are never set in a class's initial state except through defaultValue(forKey:).
    package let table: PropertyTable
    let initialState: LayerState
    let needsDisplayIDs: PropertySet
    /// By `PropertyID.rawValue`: the key of each animatable property (whose changes look up an
    /// implicit action), nil for the others; read by every setter, so no descriptor is copied.
    let actionKeys: [String?]

    /// The key of `id` when it is animatable, else nil.
    @inline(__always) func actionKey(_ id: PropertyID) -> String? {
        let i = Int(id.rawValue)
        return i < actionKeys.count ? actionKeys[i] : nil
    }

    private init(_ cls: CALayer.Type) {
        table = cls.propertyTable
        var state = LayerState()
        var needsDisplay = PropertySet()
        if cls != CALayer.self {
            for d in table.all {
                if let apply = d.applyToState, let value = cls.defaultValue(forKey: d.key) {
                    _ = apply(&state, value)
                }
                if cls.needsDisplay(forKey: d.key) { needsDisplay.insert(d.id) }
            }
        }
        initialState = state
        needsDisplayIDs = needsDisplay
        actionKeys = table.descriptors.map { d in d.flatMap { $0.flags.contains(.animatable) ? $0.key : nil } }
    }

    private static let cache = Mutex<[ObjectIdentifier: LayerClassInfo]>([:])
    /// CALayer's own info, without the lock: most layers are plain CALayers.
    private static let base = LayerClassInfo(CALayer.self)

    /// The info for `cls`, computed on first use. User class methods run outside the lock, so
    /// they may themselves make layers.
    static func of(_ cls: CALayer.Type) -> LayerClassInfo {
        if cls == CALayer.self { return base }
        let key = ObjectIdentifier(cls)
        if let info = cache.withLock({ $0[key] }) { return info }
        let info = LayerClassInfo(cls)
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = info
            return info
        }
    }
}
