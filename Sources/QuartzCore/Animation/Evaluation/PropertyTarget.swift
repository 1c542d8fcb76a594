/// Where a property animation's key path points inside a layer's state: a table property
/// (`position`), a struct field of one (`position.x`, `transform.rotation.z`), or a custom key
/// of the layer's key-value store.
struct PropertyTarget {
    let keyPath: String
    let head: String
    let field: String?
    let descriptor: PropertyDescriptor?

    init(keyPath: String, table: PropertyTable) {
        self.keyPath = keyPath
        // Searched as UTF-8: `firstIndex(of: Character)` compares grapheme clusters, which
        // cost more than the rest of an implicit action's lookup.
        if let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: ".")) {
            head = String(keyPath[..<dot]); field = String(keyPath[keyPath.index(after: dot)...])
        } else {
            head = keyPath; field = nil
        }
        descriptor = table[head]
    }

    /// Whether writes can reach the state (a stored table property or a custom key).
    var isWritable: Bool { descriptor == nil || descriptor?.applyToState != nil }

    func base(_ state: LayerState, _ custom: [String: Any]) -> Any? {
        if let d = descriptor {
            guard let kp = d.stateKeyPath else { return nil }
            return state[keyPath: kp]
        }
        return custom[head]
    }

    /// The current value at the key path.
    func read(_ state: LayerState, _ custom: [String: Any]) -> Any? {
        let b = base(state, custom)
        guard let field else { return b }
        return StructKeyPath.value(of: b, field: field)
    }

    /// Stores `value` at the key path; values the property cannot hold are dropped.
    func write(_ value: Any?, _ state: inout LayerState, _ custom: inout [String: Any]) {
        var newBase = value
        if let field {
            do throws(CALayerDiagnostic) {
                newBase = try StructKeyPath.setting(field: field, of: base(state, custom), to: value, keyPath: keyPath)
            } catch { return }
        }
        if let d = descriptor {
            _ = d.applyToState?(&state, newBase)
        } else {
            custom[head] = ValueNormalizer.boxed(newBase)   // as the KVC container stores values
        }
    }

    /// How values at this key path interpolate.
    func kind(_ state: LayerState, _ custom: [String: Any]) -> AnimValue.Kind {
        if field == nil, let d = descriptor { return AnimValue.kind(of: d) }
        return AnimValue.kind(of: read(state, custom))
    }
}
