import Foundation
import QuartzCore

/// Filters and styles on layers:
/// - `compositingFilter="multiplyBlendMode"` (an attribute), or an element
///   `<compositingFilter type="CAFilter" filter="multiplyBlendMode"/>` /
///   `<compositingFilter value="screenBlendMode"/>`: a `String` type name (or a `CAFilter` when
///   the element carries inputs), as Apple's tools write them.
/// - `<filters>` / `<backgroundFilters>` holding one element per filter:
///   `<CAFilter type="gaussianBlur" name="blur" inputRadius="10" enabled="1"/>` (also
///   `<filter …>`, or `filter="…"` naming the type); `input…` attributes are numbers, a colour
///   for keys ending in `Color`, a number list for several numbers, else text; child elements
///   named like inputs hold typed values (`<inputColor type="CGColor" value="1 0 0"/>`).
/// - `<style>`: a dictionary, one child per key (`<opacity type="real" value="0.5"/>`,
///   `<backgroundColor value="1 0 0"/>`; untyped values are read by the key's CALayer kind) and
///   attributes as key/value pairs; a nested `<style>` is the dictionary's `style` entry.
///
/// Types the renderer does not draw are kept on the layer and reported as warnings.
extension CAMLDocumentReader {
    func readCompositingFilterAttribute(_ raw: String, on layer: CALayer, at e: CAMLElement) {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return context.warn(e, "empty compositingFilter skipped") }
        warnIfNotDrawn(compositing: name, at: e)
        set(name, forKeyPath: "compositingFilter", on: layer, at: e)
    }

    func readCompositingFilterElement(_ c: CAMLElement, of layer: CALayer) {
        let inner = c.children.first
        guard let filter = filterValue(inner ?? c, typeFallback: c["value"] ?? (c.text.isEmpty ? nil : c.text)) else { return }
        warnIfNotDrawn(compositing: filter.type, at: c)
        let value: Any = filter.parameters.isEmpty && filter.isEnabled && filter.name == filter.type ? filter.type : filter
        set(value, forKeyPath: "compositingFilter", on: layer, at: c)
    }

    /// `<filters>` or `<backgroundFilters>`.
    func readFilters(_ c: CAMLElement, key: String, of layer: CALayer) {
        var list: [Any] = []
        for f in c.children {
            guard let filter = filterValue(f, typeFallback: nil) else { continue }
            if !CAFilter.drawnFilterTypes.contains(filter.type) {
                context.warn(f, "filter type '\(context.clip(filter.type))' is not drawn by this renderer; kept but skipped")
            }
            list.append(filter)
        }
        set(list, forKeyPath: key, on: layer, at: c)
    }

    /// One filter element as a `CAFilter`; nil (with a warning) when it names no type.
    func filterValue(_ e: CAMLElement, typeFallback: String?) -> CAFilter? {
        let wrappers: Set<String> = ["CAFilter", "filter", "CIFilter"]
        let typeAttr = e["type"].flatMap { wrappers.contains($0) ? nil : $0 }
        let named = wrappers.contains(e.name) || e.name == "compositingFilter" ? nil : e.name
        guard let type = e["filter"] ?? typeAttr ?? typeFallback ?? named ?? e["name"] else {
            context.warn(e, "<\(e.name)> names no filter type; skipped")
            return nil
        }
        var filter = CAFilter(type: type, name: e["name"])
        for a in e.attributes {
            switch a.name {
            case "type", "filter", "name", "id", "value": continue
            case "enabled":
                if let b = CAMLScalars.bool(a.value) { filter.isEnabled = b }
                else { context.warn(e, "'\(context.clip(a.value))' is not a Boolean for 'enabled'") }
            default:
                if !a.name.hasPrefix("input") {
                    context.warn(e, "filter attribute '\(a.name)' kept as an input")
                }
                if let v = inputValue(a.value, key: a.name, at: e) { filter.setValue(v, forKey: a.name) }
            }
        }
        for child in e.children {
            let valueElement = child["type"] == nil && child.children.count == 1 ? child.children[0] : child
            let v = valueElement["type"] != nil || valueElement !== child
                ? context.typedValue(valueElement)
                : (child["value"] ?? (child.text.isEmpty ? nil : child.text)).flatMap { inputValue($0, key: child.name, at: child) }
            if let v { filter.setValue(v, forKey: child.name) }
        }
        return filter
    }

    /// An untyped input: a colour for `…Color` keys, a number, a list of numbers, else text.
    /// NaN and infinite numbers are dropped with a warning (the filter keeps its default), not
    /// kept as text the renderer would silently ignore.
    private func inputValue(_ raw: String, key: String, at e: CAMLElement) -> Any? {
        if key.hasSuffix("Color"), let c = CAMLScalars.color(raw) { return c }
        let words = raw.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
        if !words.isEmpty, words.allSatisfy({ $0.contains("nan") || $0.contains("inf") || Double($0) != nil }),
           words.contains(where: { $0.contains("nan") || $0.contains("inf") || Double($0)?.isFinite == false }) {
            context.warn(e, "'\(context.clip(raw))' is not a finite number for filter input '\(key)'; the input is dropped")
            return nil
        }
        if let xs = CAMLScalars.numbers(raw) {
            return xs.count == 1 ? NSNumber(value: xs[0]) as Any : xs.map { NSNumber(value: $0) } as [Any]
        }
        return raw
    }

    private func warnIfNotDrawn(compositing type: String, at e: CAMLElement) {
        if CAFilter.blendModes[type] == nil {
            context.warn(e, "compositing filter '\(context.clip(type))' is not drawn by this renderer; kept, composited normally")
        }
    }

    /// `<style>` as a dictionary (see above).
    func readStyle(_ c: CAMLElement, depth: Int = 0) -> [AnyHashable: Any] {
        var dict: [AnyHashable: Any] = [:]
        for a in c.attributes where a.name != "type" && !a.name.hasPrefix("xmlns") {
            guard let kind = CAMLValueKind.of(keyPath: a.name) else {
                dict[a.name] = a.value
                continue
            }
            if let v = context.scalar(a.value, kind: kind, at: c, key: a.name) { dict[a.name] = v }
        }
        for child in c.children {
            if child.name == "style" {
                guard depth < 8 else { context.warn(child, "<style> nested too deep; skipped"); continue }
                dict["style"] = readStyle(child, depth: depth + 1)
                continue
            }
            let kind = CAMLValueKind.of(keyPath: child.name)
            let v: Any?
            if child["type"] != nil {
                v = context.typedValue(child, hint: kind)
            } else if let inner = child.children.first {
                v = context.typedValue(inner, hint: kind)
            } else if let raw = child["value"] ?? (child.text.isEmpty ? nil : child.text) {
                v = kind == .color
                    ? context.typedValue(CAMLElement(name: "CGColor", attributes: child.attributes,
                                                     line: child.line, column: child.column))
                    : kind.map { context.scalar(raw, kind: $0, at: child, key: child.name) } ?? raw
            } else {
                context.warn(child, "<\(child.name)> in <style> has no value")
                v = nil
            }
            if let v { dict[child.name] = v }
        }
        return dict
    }
}

extension CAMLScene {
    /// ` compositingFilter multiplyBlendMode filters [blur:gaussianBlur, colorInvert]` for
    /// `describe()`; empty when the layer has none.
    static func describeFilters(_ l: CALayer) -> String {
        func name(_ v: Any) -> String {
            guard let f = v as? CAFilter ?? (v as? String).map({ CAFilter(type: $0) }) else { return "\(type(of: v))" }
            return (f.name == f.type ? f.type : "\(f.name):\(f.type)") + (f.isEnabled ? "" : " (disabled)")
        }
        var out = ""
        if let c = l.compositingFilter { out += " compositingFilter \(name(c))" }
        if let fs = l.filters, !fs.isEmpty { out += " filters [\(fs.map(name).joined(separator: ", "))]" }
        if let fs = l.backgroundFilters, !fs.isEmpty { out += " backgroundFilters [\(fs.map(name).joined(separator: ", "))]" }
        if let st = l.style, !st.isEmpty { out += st.count == 1 ? " style (1 key)" : " style (\(st.count) keys)" }
        return out
    }
}
