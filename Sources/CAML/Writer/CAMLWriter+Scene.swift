import Foundation
import CoreGraphics
import QuartzCore

/// How a `CAMLScene` becomes documents to write.
///
/// - Layers are written with their **base values** for every key a state sets (the values
///   before any state was applied), since a document's states are defined over them; the state
///   in force when writing is not recorded — a reader applies the initial state ("Locked") again.
/// - A document's root is written at the position its file gave (the host replaces it anyway),
///   and a plane root whose flip the loader toggled is written untoggled.
/// - Animations under `state.…` keys are the running transitions `transition(from:to:)` added,
///   not the file's, and are not written.
extension CAMLWriter {
    /// One document per plane, each as it would be written as its own `.ca` bundle, with the
    /// bundle name it came from (nil when it was not in a bundle) and its host flip.
    static func planeDocuments(of scene: CAMLScene) -> [(doc: CAMLWriteDocument, bundleName: String?, flipped: Bool)] {
        scene.documents.map { d in
            var w = baseDocument(d)
            var rootOverrides = w.overrides[ObjectIdentifier(d.root)] ?? []
            rootOverrides.append(("position", d.filePosition))
            if d.wantsFlippedHost != scene.isFlipped { rootOverrides.append(("geometryFlipped", !d.root.isGeometryFlipped)) }
            w.overrides[ObjectIdentifier(d.root)] = rootOverrides
            let folder = URL(fileURLWithPath: d.file).deletingLastPathComponent().lastPathComponent
            return (w, folder.hasSuffix(".ca") ? folder : nil, d.wantsFlippedHost)
        }
    }

    /// The whole scene as one document. A `.wallpaper`'s planes become sublayers of its
    /// container root; ids that two planes share get a `-2`, `-3`… suffix (in the plane that
    /// comes later); states of one name are merged, and so are transitions with the same
    /// from/to pair.
    static func singleDocument(of scene: CAMLScene) -> CAMLWriteDocument {
        if scene.documents.count == 1 { return planeDocuments(of: scene)[0].doc }
        var out = CAMLWriteDocument(root: scene.rootLayer)
        out.skippedAnimationPrefix = "state."
        var used: Set<String> = []
        for d in scene.documents {
            let plane = baseDocument(d)
            var rename: [String: String] = [:]
            for (id, layer) in d.layersByID.sorted(by: { $0.key < $1.key }) {
                var newID = id, n = 2
                while used.contains(newID) { newID = "\(id)-\(n)"; n += 1 }
                used.insert(newID)
                rename[id] = newID
                out.ids[ObjectIdentifier(layer)] = newID
            }
            out.overrides.merge(plane.overrides) { a, b in a + b }
            for s in d.states {
                let elements = s.elements.map {
                    CAMLStateSetValue(targetID: rename[$0.targetID] ?? $0.targetID, keyPath: $0.keyPath, value: $0.value, line: $0.line)
                }
                if let i = out.states.firstIndex(where: { $0.name == s.name }) {
                    let old = out.states[i]
                    out.states[i] = CAMLState(name: old.name, basedOn: old.basedOn ?? s.basedOn,
                                              elements: old.elements + elements, file: old.file)
                } else {
                    out.states.append(CAMLState(name: s.name, basedOn: s.basedOn, elements: elements, file: s.file))
                }
            }
            for t in d.transitions {
                let elements = t.elements.map {
                    CAMLStateTransitionElement(targetID: rename[$0.targetID] ?? $0.targetID, keyPath: $0.keyPath, animation: $0.animation)
                }
                if let i = out.transitions.firstIndex(where: { $0.fromState == t.fromState && $0.toState == t.toState }) {
                    let old = out.transitions[i]
                    out.transitions[i] = CAMLStateTransition(fromState: old.fromState, toState: old.toState,
                                                             elements: old.elements + elements, file: old.file)
                } else {
                    out.transitions.append(CAMLStateTransition(fromState: t.fromState, toState: t.toState,
                                                               elements: elements, file: t.file))
                }
            }
        }
        return out
    }

    /// A document's layers, ids, states, transitions and base values.
    private static func baseDocument(_ d: CAMLDocument) -> CAMLWriteDocument {
        var w = CAMLWriteDocument(root: d.root)
        w.skippedAnimationPrefix = "state."
        for (id, layer) in d.layersByID { w.ids[ObjectIdentifier(layer)] = id }
        w.states = d.states
        w.transitions = d.transitions
        let keys = d.baseValues.keys.sorted { ($0.targetID, $0.keyPath) < ($1.targetID, $1.keyPath) }
        for key in keys {
            guard let layer = d.layersByID[key.targetID], let value = d.baseValues[key] else { continue }
            w.overrides[ObjectIdentifier(layer), default: []].append((key.keyPath, value))
        }
        return w
    }
}
