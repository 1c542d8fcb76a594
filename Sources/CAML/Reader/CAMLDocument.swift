import Foundation
import CoreGraphics
import QuartzCore

/// One CAML document read into layers: its root, its layers by `id`, its states and
/// transitions, and the values its states override as they were before any state was applied
/// (the *base* values, which a state that does not set a key falls back to, as in Apple's
/// LKStateController). A `.wallpaper` has one document per plane.
final class CAMLDocument {
    let file: String
    let root: CALayer
    var layersByID: [String: CALayer] = [:]
    var states: [CAMLState] = []
    var transitions: [CAMLStateTransition] = []
    /// Model values before any state, by target id and key path.
    var baseValues: [CAMLTargetKey: Any] = [:]
    /// Whether the document asks for a flipped (y-down) host (`index.xml` `geometryFlipped`).
    var wantsFlippedHost = false
    /// Animations the file attaches to layers.
    var animationCount = 0
    /// The root's position as the file wrote it (the host replaces it).
    var filePosition = CGPoint.zero

    init(file: String, root: CALayer) {
        self.file = file; self.root = root
    }

    func state(named name: String) -> CAMLState? { states.first { $0.name == name } }
}

/// A layer id and key path: what a state element sets.
struct CAMLTargetKey: Hashable {
    let targetID: String
    let keyPath: String
}

/// Reads one document's layers, animations, states and transitions.
final class CAMLDocumentReader {
    let context: CAMLReadContext
    var layersByID: [String: CALayer] = [:]
    var states: [CAMLState] = []
    var transitions: [CAMLStateTransition] = []
    var animationCount = 0

    init(context: CAMLReadContext) { self.context = context }

    /// The document whose XML root is `xmlRoot`: the first layer element inside `<caml>` (or
    /// the root itself when it is a layer: an element named `CA…Layer`). Any other document
    /// element fails with `noRootLayer`.
    func read(_ xmlRoot: CAMLElement) throws(CAMLError) -> CAMLDocument {
        let layerElement: CAMLElement
        if xmlRoot.name == "caml" {
            let candidates = xmlRoot.children.filter { !Self.nonLayerDocumentElements.contains($0.name) }
            guard let first = candidates.first else {
                throw CAMLError(.noRootLayer, file: context.file, line: xmlRoot.line, column: xmlRoot.column,
                                element: "caml", "the document has no layer element")
            }
            for extra in candidates.dropFirst() {
                context.warn(extra, "element <\(extra.name)> after the root layer skipped (a document has one root)")
            }
            layerElement = first
        } else if xmlRoot.name.hasPrefix("CA") && xmlRoot.name.hasSuffix("Layer") {
            layerElement = xmlRoot
        } else {
            throw CAMLError(.noRootLayer, file: context.file, line: xmlRoot.line, column: xmlRoot.column,
                            element: xmlRoot.name,
                            "not a CAML document: the root element is <\(xmlRoot.name)>, not <caml> or a layer")
        }
        let root = readLayer(layerElement, depth: 0)
        checkTargets()
        let doc = CAMLDocument(file: context.file, root: root)
        doc.layersByID = layersByID
        doc.states = states
        doc.transitions = transitions
        doc.animationCount = animationCount
        doc.filePosition = root.position
        return doc
    }

    static let nonLayerDocumentElements: Set<String> = ["MicaAssetManifest", "scriptComponents", "modules"]
}
