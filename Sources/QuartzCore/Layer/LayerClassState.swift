/// The typed state of one layer class's own properties (`CAEmitterLayer`'s, later
/// `CAShapeLayer`'s…): a plain struct whose `init()` gives Apple's defaults.
///
/// A class's state lives in `LayerState` behind one copy-on-write box (`ClassStateStorage`), so
/// a base layer's state pays one nil reference for every subclass, copying any state (commit,
/// snapshot, presentation) retains one object, and a write copies the box only while another
/// state still shares it. Each class exposes its struct as one computed property of
/// `LayerState` (`state.emitter`), so its table rows name fields by key path
/// (`\LayerState.emitter.birthRate`) exactly as base rows do (`\LayerState.position`).
protocol LayerClassState {
    init()
}

/// The box a class state is kept in. A class, not a protocol existential, so `LayerState`
/// holds one plain reference.
class ClassStateStorage: @unchecked Sendable {
    // @unchecked: a box is written only while uniquely referenced (copy on write), so whoever
    // shares one (a snapshot on the render side) only ever reads it.
}

/// The box of the state `S`.
final class ClassStateBox<S: LayerClassState>: ClassStateStorage, @unchecked Sendable {
    var value: S
    init(_ value: S) { self.value = value }
}

extension LayerState {
    /// The class state `S` of this state; Apple's defaults when it was never written.
    @inline(__always)
    func classState<S: LayerClassState>(_: S.Type = S.self) -> S {
        guard let storage = classStorage else { return S() }
        // One class state per layer class: a state that holds a box holds its class's.
        return (storage as? ClassStateBox<S>)?.value ?? S()
    }

    /// The box of the class state `S`, made unique first (copy on write), for writing.
    @inline(__always)
    mutating func classStateBoxForWriting<S: LayerClassState>(_: S.Type = S.self) -> ClassStateBox<S> {
        if isKnownUniquelyReferenced(&classStorage), let box = classStorage as? ClassStateBox<S> { return box }
        let box = ClassStateBox(classState(S.self))
        classStorage = box
        return box
    }
}
