// What a commit copies of a layer's state: only the properties the layer's changes name
// (`LayerChanges.properties`, the same record the snapshot carries), not the whole state.

/// How the commit brings one property of a layer's state into its committed state, derived
/// from the property's table row (`PropertyTable.commitCopies`).
enum CommitCopy: Sendable {
    /// Not stored in `LayerState` (tree links, `frame`, the delegate): nothing to copy.
    case none
    /// Plain bytes at this place in `LayerState` (numbers, geometry, transforms, flags).
    case bytes(offset: Int, count: Int)
    /// Stored behind a reference or computed (colours, contents, the shared rarely changed
    /// fields, a subclass's state): the whole state is copied, which shares those references.
    case whole

    init(_ d: PropertyDescriptor?) {
        guard let d, d.stateKeyPath != nil else { self = .none; return }
        if let r = d.inlineStateBytes { self = .bytes(offset: r.lowerBound, count: r.count) } else { self = .whole }
    }
}

extension LayerState {
    /// Takes the values of `ids` from `source`, a state that differs from this one in those
    /// properties alone (a layer's state and its previous commit's, as the change funnel keeps
    /// them): plain values are copied by themselves; any other changed property copies the
    /// whole state.
    @inline(__always)
    mutating func takeChanged(_ ids: PropertySet, from source: UnsafePointer<LayerState>, table: PropertyTable) {
        let whole = withUnsafeMutablePointer(to: &self) { target -> Bool in
            let to = UnsafeMutableRawPointer(target), from = UnsafeRawPointer(source)
            return table.commitCopies.withUnsafeBufferPointer { copies in
                for id in ids {
                    let i = Int(id.rawValue)
                    guard i < copies.count else { continue }
                    switch copies[i] {
                    case .none: continue
                    case .bytes(let offset, let count): (to + offset).copyMemory(from: from + offset, byteCount: count)
                    case .whole: return true
                    }
                }
                return false
            }
        }
        if whole { self = source.pointee }
    }
}
