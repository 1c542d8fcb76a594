/// How a property's value is interpolated by animations.
enum Interpolation: Sendable {
    /// Switches from one value to the next (Booleans, contents, strings…).
    case discrete
    /// Linear per component: numbers, points, sizes, rects.
    case linear
    /// Decomposed (translation, scale, skew, quaternion rotation, perspective).
    case transform
    /// Per colour component in a common colour space.
    case color
    /// Per path point, when both paths have the same elements; otherwise discrete.
    case path
    /// Arrays of colours or numbers (`CAGradientLayer.colors`, `locations`), element by
    /// element when both have as many elements; otherwise discrete (`PairwiseInterpolation`).
    case elementwise
}

/// Flags of a property in the table.
struct PropertyFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// Listed as animatable in Apple's documentation: implicit actions apply.
    static let animatable = PropertyFlags(rawValue: 1)
    /// A change marks the layer as needing display.
    static let needsDisplay = PropertyFlags(rawValue: 2)
    /// Computed from other properties (`frame`): never marked dirty itself.
    static let derived = PropertyFlags(rawValue: 4)
    /// A tree link (sublayers, mask, delegate) rather than a value in `LayerState`.
    static let tree = PropertyFlags(rawValue: 8)
}

/// One row of the property table: everything generic code needs to know about a property.
///
/// `read`/`write` go through the layer's (overridable) Swift property, so KVC, CAML and
/// animations see exactly what a user subclass's override sees, and every write passes the
/// setter's sanitising and the change funnel. A class, so a lookup hands out one reference
/// rather than copying the row's closures and key path (implicit actions look rows up per set).
final class PropertyDescriptor: @unchecked Sendable {
    // @unchecked: the closures capture only key paths and codecs, and `defaultValue` is an
    // immutable value (colours, numbers, option sets) that nothing mutates.
    let id: PropertyID
    let key: String
    let type: ValueType
    let flags: PropertyFlags
    let interpolation: Interpolation
    /// The value in Apple's boxed KVC form.
    let read: (CALayer) -> Any?
    /// Converts and stores `value`; throws when the value has the wrong type.
    let write: (CALayer, Any?) throws(CALayerDiagnostic) -> Void
    /// Apple's default, boxed (what `CALayer.defaultValue(forKey:)` returns).
    let defaultValue: Any?
    /// Writes a converted value straight into a state (for class defaults); nil when the
    /// property is not stored in `LayerState`.
    let applyToState: ((inout LayerState, Any?) -> Bool)?
    /// A typed reader of `LayerState` for the commit and the animation evaluator.
    let stateKeyPath: PartialKeyPath<LayerState>?
    /// The value in a state, boxed as KVC boxes it; nil when not stored in `LayerState`.
    let readState: ((LayerState) -> Any?)?
    /// Typed access for compiled animations; nil when not stored in `LayerState`.
    let slot: StateSlot?
    /// The value's bytes in `LayerState` when it is stored there inline and is trivially
    /// copyable (what the commit copies of a changed property: `CommitCopy`).
    let inlineStateBytes: Range<Int>?

    /// The value of this property in `state`, boxed as `value(forKey:)` would return it.
    func boxedValue(in state: LayerState) -> Any? { readState?(state) }

    /// A property exposed as `layerKeyPath` on the class `L` and stored in `LayerState` at
    /// `stateKeyPath`, or (for a subclass's own properties) in the subclass's own typed storage,
    /// with `defaultValue` as its default.
    init<L: CALayer, V>(_ id: PropertyID, _ key: String, _ codec: ValueCodec<V>,
                        _ flags: PropertyFlags = [], _ interpolation: Interpolation = .discrete,
                        layer layerKeyPath: ReferenceWritableKeyPath<L, V>,
                        state stateKeyPath: WritableKeyPath<LayerState, V>?, defaultValue: V? = nil) {
        self.id = id; self.key = key; self.type = codec.type
        self.flags = flags; self.interpolation = interpolation
        let encode = codec.encode, decode = codec.decode, expected = codec.expected
        self.read = { layer in (layer as? L).flatMap { encode($0[keyPath: layerKeyPath]) } }
        self.write = { (layer: CALayer, value: Any?) throws(CALayerDiagnostic) in
            guard let v = decode(value) else { throw CALayerDiagnostic.cannotSet(key, to: value, expected: expected) }
            guard let l = layer as? L else { return }
            l[keyPath: layerKeyPath] = v
        }
        if let stateKeyPath {
            self.defaultValue = encode(LayerState()[keyPath: stateKeyPath])
            self.applyToState = { state, value in
                guard let v = decode(value) else { return false }
                state[keyPath: stateKeyPath] = v
                return true
            }
            self.stateKeyPath = stateKeyPath
            self.readState = { encode($0[keyPath: stateKeyPath]) }
            self.slot = StateSlot.make(stateKeyPath, interpolation, decode: decode)
            self.inlineStateBytes = StateAccess(stateKeyPath).inlineBytes
        } else {
            self.slot = nil
            self.inlineStateBytes = nil
            self.readState = nil
            self.defaultValue = defaultValue.flatMap(encode)
            self.applyToState = nil
            self.stateKeyPath = nil
        }
    }
}

/// The properties of one layer class: its superclass's plus its own, by ID and by KVC key.
package final class PropertyTable: Sendable {
    /// Indexed by `PropertyID.rawValue`; nil where the class has no such property.
    let descriptors: [PropertyDescriptor?]
    private let byKey: [String: PropertyID]
    /// How the commit copies each property, by `PropertyID.rawValue` (from the rows).
    let commitCopies: [CommitCopy]
    /// How the render side draws layers of the class (`Render/Builder/LayerRenderer.swift`): the base's
    /// unless the class gives its own.
    let renderer: any LayerRenderer

    init(extending base: PropertyTable?, with added: [PropertyDescriptor], aliases: [String: String] = [:],
         renderer: (any LayerRenderer)? = nil) {
        self.renderer = renderer ?? base?.renderer ?? PlaneLayerRenderer()
        var descriptors = base?.descriptors ?? []
        var byKey = base?.byKey ?? [:]
        for d in added {
            let i = Int(d.id.rawValue)
            if descriptors.count <= i { descriptors += Array(repeating: nil, count: i + 1 - descriptors.count) }
            precondition(descriptors[i] == nil, "property ID \(i) registered twice ('\(d.key)')")
            descriptors[i] = d
            byKey[d.key] = d.id
        }
        for (alias, key) in aliases { byKey[alias] = byKey[key] }
        self.descriptors = descriptors
        self.byKey = byKey
        self.commitCopies = descriptors.map(CommitCopy.init)
    }

    subscript(id: PropertyID) -> PropertyDescriptor? {
        Int(id.rawValue) < descriptors.count ? descriptors[Int(id.rawValue)] : nil
    }

    subscript(key: String) -> PropertyDescriptor? { byKey[key].flatMap { self[$0] } }

    /// Every property, in ID order.
    var all: [PropertyDescriptor] { descriptors.compactMap { $0 } }
}
