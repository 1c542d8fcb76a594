import Foundation
import QuartzCore

/// Layer elements: `<CALayer id="…" name="…" bounds="0 0 100 100" …>` with structured properties
/// as children (`<sublayers>`, `<contents>`, `<animations>`, colour elements, `<states>`…).
///
/// Order of application: plain attributes (sorted by name), then child elements, then key-path
/// attributes such as `transform.rotation.z` (sorted), so a key path always refines the whole
/// value (`transform="rotate(0deg)"`) whatever order the file writes them in.
extension CAMLDocumentReader {
    func readLayer(_ e: CAMLElement, depth: Int) -> CALayer {
        let layer = makeLayer(e)
        var keyPaths: [(name: String, value: String)] = []
        for a in e.attributes {
            if a.name == "id" { register(layer, id: a.value, at: e); continue }
            if a.name == "xmlns" || a.name.hasPrefix("xmlns:") { continue }
            if a.name.contains(".") { keyPaths.append(a); continue }
            setAttribute(a.name, a.value, on: layer, at: e)
        }
        for child in e.children { readLayerChild(child, of: layer, depth: depth) }
        for a in keyPaths { setAttribute(a.name, a.value, on: layer, at: e) }
        return layer
    }

    private func makeLayer(_ e: CAMLElement) -> CALayer {
        if e.name == "CALayer" { return CALayer() }
        if e.name == "CAEmitterLayer" { return CAEmitterLayer() }
        if e.name == "CAGradientLayer" { return CAGradientLayer() }
        if e.name == "CAShapeLayer" { return CAShapeLayer() }
        if e.name == "CAReplicatorLayer" { return CAReplicatorLayer() }
        if e.name == "CATransformLayer" { return CATransformLayer() }
        if e.name == "CAScrollLayer" { return CAScrollLayer() }
        if e.name == "CATextLayer" { return CATextLayer() }
        if let make = context.options.layerClasses[e.name] { return make() }
        context.warn(e, "layer class \(e.name) is not available; read as CALayer with the attributes CALayer has")
        return CALayer()
    }

    private func register(_ layer: CALayer, id: String, at e: CAMLElement) {
        if layersByID[id] != nil {
            context.warn(e, "duplicate layer id '\(id)'; the first layer with it keeps it")
            return
        }
        layersByID[id] = layer
    }

    /// One attribute: a CALayer key or key path read by its kind; any other name is kept as a
    /// custom key-value-coding key holding the text (harmless: nothing draws it) and reported.
    func setAttribute(_ name: String, _ raw: String, on layer: CALayer, at e: CAMLElement) {
        if name == "compositingFilter" { return readCompositingFilterAttribute(raw, on: layer, at: e) }
        guard let kind = CAMLValueKind.of(keyPath: name, in: type(of: layer)) else {
            if name.contains(".") {
                context.warn(e, "attribute '\(name)' names no CALayer key path; skipped")
            } else {
                context.warn(e, "unknown attribute '\(name)' kept as a custom key")
                layer.setValue(raw, forKey: name)
            }
            return
        }
        guard let value = context.scalar(raw, kind: kind, at: e, key: name) else { return }
        set(value, forKeyPath: name, on: layer, at: e)
    }

    /// `setValue(_:forKeyPath:)` with QuartzCore's rejections reported as warnings.
    func set(_ value: Any?, forKeyPath keyPath: String, on layer: CALayer, at e: CAMLElement?) {
        context.capturingDiagnostics(at: e) {
            layer.setValue(value, forKeyPath: keyPath)
        }
    }

    private func readLayerChild(_ c: CAMLElement, of layer: CALayer, depth: Int) {
        switch c.name {
        case "sublayers":
            for s in c.children { layer.addSublayer(readLayer(s, depth: depth + 1)) }
        case "emitterCells" where layer is CAEmitterLayer:
            (layer as? CAEmitterLayer)?.emitterCells = readEmitterCells(c, depth: 0)
        case "mask":
            guard let m = c.children.first else { return context.warn(c, "<mask> holds no layer") }
            layer.mask = readLayer(m, depth: depth + 1)
        case "contents":
            let valueElement = c.children.first ?? c
            let v = valueElement === c && c["type"] == nil ? context.imageValue(c) : context.typedValue(valueElement)
            if let v { set(v, forKeyPath: "contents", on: layer, at: c) }
        case "animations":
            for a in c.children { addAnimation(a, to: layer) }
        case "states":
            for s in c.children { readState(s) }
        case "stateTransitions":
            for t in c.children { readTransition(t) }
        case "scriptObject":
            context.warn(c, "<scriptObject> skipped: scripts are an editor/PosterBoard extension")
        case "filters", "backgroundFilters":
            readFilters(c, key: c.name, of: layer)        // CAMLFilterReader
        case "compositingFilter":
            readCompositingFilterElement(c, of: layer)
        case "style":
            set(readStyle(c), forKeyPath: "style", on: layer, at: c)
        case "scriptComponents", "modules":
            if !c.children.isEmpty || !c.attributes.isEmpty {
                context.warn(c, "<\(c.name)> skipped: not read by this package")
            }
        default:
            readPropertyElement(c, of: layer)
        }
    }

    /// A property written as an element: `<backgroundColor value="1 1 1" opacity="0.5"/>`,
    /// `<bounds type="CGRect" value="…"/>`, or a wrapper around one typed value.
    private func readPropertyElement(_ c: CAMLElement, of layer: CALayer) {
        if type(of: layer).propertyInfo(forKey: c.name)?.type == .array {
            // Arrays of typed values (`CAGradientLayer.colors`, `locations`): `<colors type="NSArray">`
            // or `<colors>` holding the elements.
            let v = c["type"] != nil ? context.typedValue(c) : c.children.compactMap { context.typedValue($0) }
            if let v { set(v, forKeyPath: c.name, on: layer, at: c) }
            return
        }
        guard let kind = CAMLValueKind.of(keyPath: c.name, in: type(of: layer)) else {
            context.warn(c, "unknown element <\(c.name)> skipped")
            return
        }
        let value: Any?
        if c["type"] != nil {
            value = context.typedValue(c, hint: kind)
        } else if let inner = c.children.first {
            value = context.typedValue(inner, hint: kind)
        } else if let raw = c["value"] ?? (c.text.isEmpty ? nil : c.text) {
            value = kind == .color
                ? context.typedValue(CAMLElement(name: "CGColor", attributes: c.attributes, line: c.line, column: c.column))
                : context.scalar(raw, kind: kind, at: c, key: c.name)
        } else {
            context.warn(c, "<\(c.name)> has no value")
            value = nil
        }
        if let value { set(value, forKeyPath: c.name, on: layer, at: c) }
    }

    /// An `<animation>` added to `layer` under its `key`, or its key path (made unique).
    private func addAnimation(_ a: CAMLElement, to layer: CALayer) {
        if a["enabled"].flatMap(CAMLScalars.bool) == false {
            return context.warn(a, "animation with enabled=\"0\" not added")
        }
        guard let anim = readAnimation(a, depth: 0) else { return }
        let base = a["key"] ?? (anim as? CAPropertyAnimation)?.keyPath ?? "animation"
        var key = base, n = 1
        while layer.animation(forKey: key) != nil { n += 1; key = "\(base)-\(n)" }
        animationCount += 1
        context.capturingDiagnostics(at: a) { layer.add(anim, forKey: key) }
    }
}
