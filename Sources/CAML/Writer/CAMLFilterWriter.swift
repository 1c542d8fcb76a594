import Foundation
import QuartzCore

/// `compositingFilter`, `filters`, `backgroundFilters` and `style`: the inverse of
/// `CAMLFilterReader`. A type-name compositing filter is an attribute; `CAFilter`s are
/// `<CAFilter type="…" name="…" enabled="0">` elements with one typed child per input
/// (`<inputRadius type="real" value="10"/>`); a style is `<style>` with one typed child per key
/// and a nested `<style>`. Values with no CAML form, and keys that are not XML names, are left
/// out with a warning.
extension CAMLDocumentWriter {
    func writeFiltersAndStyle(of layer: CALayer, into node: inout CAMLXMLNode, label: String) throws(CAMLWriteError) {
        switch layer.compositingFilter {
        case nil: break
        case let s as String: node.set("compositingFilter", text(s, what: "\(label) compositingFilter"))
        case let f as CAFilter:
            node.children.append(CAMLXMLNode("compositingFilter", children: [try filterNode(f, label: label)]))
        case let other?: warn("\(label): compositingFilter of type \(type(of: other)) has no CAML form; left out")
        }
        for (key, list) in [("filters", layer.filters), ("backgroundFilters", layer.backgroundFilters)] {
            guard let list, !list.isEmpty else { continue }
            var wrapper = CAMLXMLNode(key)
            for item in list {
                guard let f = item as? CAFilter ?? (item as? String).map({ CAFilter(type: $0) }) else {
                    warn("\(label): a \(key) entry of type \(type(of: item)) has no CAML form; left out")
                    continue
                }
                wrapper.children.append(try filterNode(f, label: label))
            }
            if !wrapper.children.isEmpty { node.children.append(wrapper) }
        }
        if let style = layer.style, !style.isEmpty {
            node.children.append(try styleNode(style, label: label, depth: 0))
        }
    }

    private func filterNode(_ f: CAFilter, label: String) throws(CAMLWriteError) -> CAMLXMLNode {
        var n = CAMLXMLNode("CAFilter", [("type", text(f.type, what: "\(label) filter type"))])
        if f.name != f.type { n.set("name", text(f.name, what: "\(label) filter name")) }
        if !f.isEnabled { n.set("enabled", "0") }
        for key in f.parameters.keys.sorted() {
            guard CAMLXMLEscaping.isElementName(key) else {
                warn("\(label): filter input '\(key)' is not an XML name; left out"); continue
            }
            if let v = f.parameters[key], let child = try typedValue(v, wrapper: key, what: "\(label) \(f.name).\(key)") {
                n.children.append(child)
            }
        }
        return n
    }

    private func styleNode(_ style: [AnyHashable: Any], label: String, depth: Int) throws(CAMLWriteError) -> CAMLXMLNode {
        var n = CAMLXMLNode("style")
        let keys = style.keys.compactMap { $0.base as? String }.sorted()
        if keys.count < style.count { warn("\(label): style keys that are not strings left out") }
        for key in keys {
            let value = style[key]!
            if key == "style", let nested = value as? [AnyHashable: Any] {
                if depth < 8 { n.children.append(try styleNode(nested, label: label, depth: depth + 1)) }
                else { warn("\(label): style nested too deep; left out") }
                continue
            }
            guard CAMLXMLEscaping.isElementName(key) else {
                warn("\(label): style key '\(key)' is not an XML name; left out"); continue
            }
            if let child = try typedValue(value, wrapper: key, what: "\(label) style.\(key)") { n.children.append(child) }
        }
        return n
    }
}
