import Foundation
import CoreGraphics
import QuartzCore

/// What one written document holds: a root layer, the ids of the layers that states and
/// transitions name, the states and transitions, and per-layer values to write instead of the
/// layers' own (a scene's *base* values, which its states are defined over; the root's position
/// as the file had it).
struct CAMLWriteDocument {
    var root: CALayer
    var ids: [ObjectIdentifier: String] = [:]
    var states: [CAMLState] = []
    var transitions: [CAMLStateTransition] = []
    /// Key paths set on a copy of the layer before it is written, in order.
    var overrides: [ObjectIdentifier: [(keyPath: String, value: Any)]] = [:]
    /// Animation keys that start with this are the scene's own (`transition(from:to:)` adds
    /// `state.…`), not the file's, and are not written.
    var skippedAnimationPrefix: String?
}

/// Turns one `CAMLWriteDocument` into a `<caml>` element: layers as elements named by class,
/// properties that differ from Apple's defaults as attributes, `<contents>`, `<sublayers>` back
/// to front, `<mask>`, `<animations>`, and `<states>`/`<stateTransitions>` on the root.
final class CAMLDocumentWriter {
    let assets: CAMLAssetStore
    private(set) var warnings: [String] = []
    private var document = CAMLWriteDocument(root: CALayer())
    private var layerCount = 0

    /// At most this many layers deep, as the reader's nesting limit allows.
    static let maximumDepth = 100

    init(assets: CAMLAssetStore) { self.assets = assets }

    func warn(_ message: String) {
        if warnings.count < 1000 { warnings.append(message) }
    }

    func write(_ doc: CAMLWriteDocument) throws(CAMLWriteError) -> CAMLXMLNode {
        document = doc
        var root = try layerNode(doc.root, depth: 0)
        if !doc.states.isEmpty { root.children.append(try statesNode(doc.states)) }
        if !doc.transitions.isEmpty { root.children.append(try transitionsNode(doc.transitions)) }
        return CAMLXMLNode("caml", [("xmlns", "http://www.apple.com/CoreAnimation/1.0")], children: [root])
    }

    private func layerNode(_ original: CALayer, depth: Int) throws(CAMLWriteError) -> CAMLXMLNode {
        layerCount += 1
        let layer = effective(original)
        let className = String(describing: type(of: original))
        var node = CAMLXMLNode(CAMLXMLEscaping.isElementName(className) ? className : "CALayer")
        if node.name != className { warn("layer class \(className) is not an XML name; written as CALayer") }
        let label = original.name.map { "layer '\($0)'" } ?? "a \(className)"
        if let id = document.ids[ObjectIdentifier(original)] { node.set("id", text(id, what: label)) }
        let cls = type(of: layer)
        for (p, kind) in CAMLLayerAttributes.scalars(of: cls) {
            let value = CAMLLayerAttributes.text(layer.value(forKey: p.key), p, kind)
            if value == nil, p.key != "name", kind != .path, kind != .numbers { warn("\(label): \(p.key) is not finite; left out"); continue }
            guard let value, value != CAMLLayerAttributes.text(p.defaultValue, p, kind) else { continue }
            node.set(p.key, text(value, what: label))
        }
        for p in CAMLLayerAttributes.colors(of: cls) {
            let mine = layer.value(forKey: p.key) as? CGColor, theirs = p.defaultValue as? CGColor
            if let mine {
                guard let t = color(mine, what: "\(label) \(p.key)") else { continue }
                if theirs.flatMap(CAMLFormat.color) != t { node.set(p.key, t) }
            } else if theirs != nil {
                node.children.append(CAMLXMLNode(p.key, [("type", "NSNull")]))
            }
        }
        for p in CAMLLayerAttributes.texts(of: cls) {
            let value = layer.value(forKey: p.key)
            if value is NSAttributedString { warn("\(label): \(p.key) keeps its characters only (CAML has no attributed strings)") }
            guard let t = CATextLayer.camlText(value), t != CATextLayer.camlText(p.defaultValue) else { continue }
            node.children.append(CAMLXMLNode(p.key, [("type", "string"), ("value", text(t, what: label))]))
        }
        if let emitter = layer as? CAEmitterLayer { try writeEmitter(emitter, label: label, into: &node) }
        try writeValueArrays(of: layer, label: label, into: &node)   // CAMLArrayWriter
        if let contents = layer.contents {
            if let image = contents as? CGImage {
                node.children.append(CAMLXMLNode("contents", children: [CAMLXMLNode("CGImage", [("src", try assets.source(for: image))])]))
            } else {
                warn("\(label): contents of type \(type(of: contents)) have no CAML form; left out")
            }
        }
        try writeFiltersAndStyle(of: layer, into: &node, label: label)   // CAMLFilterWriter
        let subs = original.sublayers ?? []
        if !subs.isEmpty || original.mask != nil, depth >= Self.maximumDepth {
            warn("\(label): sublayers more than \(Self.maximumDepth) deep left out")
        } else {
            if !subs.isEmpty {
                var s = CAMLXMLNode("sublayers")
                for l in subs { s.children.append(try layerNode(l, depth: depth + 1)) }
                node.children.append(s)
            }
            if let m = original.mask { node.children.append(CAMLXMLNode("mask", children: [try layerNode(m, depth: depth + 1)])) }
        }
        let animations = try animationNodes(of: original, label: label)
        if !animations.isEmpty { node.children.append(CAMLXMLNode("animations", children: animations)) }
        return node
    }

    /// `layer`, or a copy of it with the document's overrides set (the layer itself is never
    /// changed).
    private func effective(_ layer: CALayer) -> CALayer {
        guard let overrides = document.overrides[ObjectIdentifier(layer)], !overrides.isEmpty else { return layer }
        let copy = type(of: layer).init(layer: layer)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for o in overrides { copy.setValue(o.value is NSNull ? nil : o.value, forKeyPath: o.keyPath) }
        CATransaction.commit()
        return copy
    }

    /// The layer's animations under their keys, in the order added. Animations added with a nil
    /// key are not listed by `animationKeys()` (as on Apple) and so are not written.
    private func animationNodes(of layer: CALayer, label: String) throws(CAMLWriteError) -> [CAMLXMLNode] {
        var out: [CAMLXMLNode] = []
        for key in layer.animationKeys() ?? [] {
            if let p = document.skippedAnimationPrefix, key.hasPrefix(p) { continue }
            guard let anim = layer.animation(forKey: key) else { continue }
            guard var node = try animationNode(anim, what: "\(label) animation '\(key)'") else { continue }
            let implied = (anim as? CAPropertyAnimation)?.keyPath ?? "animation"
            if key != implied { node.attributes.insert(("key", text(key, what: label)), at: 1) }
            out.append(node)
        }
        return out
    }
}
