import Foundation
import QuartzCore

/// `<states>` and `<stateTransitions>` (Apple's LayerKit state elements, as Core Animation's
/// editors write them):
///
/// ```xml
/// <LKState name="Unlock" basedOn="…"><elements>
///   <LKStateSetValue targetId="id" keyPath="position.x"><value type="integer" value="302"/></LKStateSetValue>
/// </elements></LKState>
/// <LKStateTransition fromState="*" toState="Unlock"><elements>
///   <LKStateTransitionElement targetId="id" keyPath="position.x"><animation type="CASpringAnimation" …/></LKStateTransitionElement>
/// </elements></LKStateTransition>
/// ```
/// Target ids are checked once the whole document is read (they may name later layers).
extension CAMLDocumentReader {
    func readState(_ e: CAMLElement) {
        guard e.name == "LKState" else { return context.warn(e, "unknown element <\(e.name)> in <states> skipped") }
        guard let name = e["name"], !name.isEmpty else { return context.warn(e, "<LKState> without a name skipped") }
        var values: [CAMLStateSetValue] = []
        for item in elements(of: e) {
            guard item.name == "LKStateSetValue" else {
                context.warn(item, "state element <\(item.name)> is not supported; skipped")
                continue
            }
            guard let target = item["targetId"], let keyPath = item["keyPath"] ?? item["key"] else {
                context.warn(item, "<LKStateSetValue> needs targetId and keyPath; skipped")
                continue
            }
            let kind = CAMLValueKind.of(keyPath: keyPath)
            guard let valueElement = item.children.first else {
                context.warn(item, "<LKStateSetValue> for '\(keyPath)' has no value; skipped")
                continue
            }
            guard let v = context.typedValue(valueElement, hint: kind) else { continue }
            values.append(CAMLStateSetValue(targetID: target, keyPath: keyPath, value: v, line: item.line))
        }
        states.append(CAMLState(name: name, basedOn: e["basedOn"], elements: values, file: context.file))
    }

    func readTransition(_ e: CAMLElement) {
        guard e.name == "LKStateTransition" else {
            return context.warn(e, "unknown element <\(e.name)> in <stateTransitions> skipped")
        }
        let from = e["fromState"] ?? "*", to = e["toState"] ?? "*"
        var items: [CAMLStateTransitionElement] = []
        for item in elements(of: e) {
            guard item.name == "LKStateTransitionElement" else {
                context.warn(item, "transition element <\(item.name)> is not supported; skipped")
                continue
            }
            guard let target = item["targetId"], let keyPath = item["keyPath"] ?? item["key"] else {
                context.warn(item, "<LKStateTransitionElement> needs targetId and keyPath; skipped")
                continue
            }
            var anim: CAAnimation?
            if let a = item.children.first {
                anim = readAnimation(a, depth: 0)
                if let p = anim as? CAPropertyAnimation, p.keyPath?.isEmpty ?? true { p.keyPath = keyPath }
            }
            items.append(CAMLStateTransitionElement(targetID: target, keyPath: keyPath, animation: anim))
        }
        transitions.append(CAMLStateTransition(fromState: from, toState: to, elements: items, file: context.file))
    }

    /// The items of a state or transition: inside `<elements>`, or directly inside.
    private func elements(of e: CAMLElement) -> [CAMLElement] {
        var out: [CAMLElement] = []
        for c in e.children {
            if c.name == "elements" { out += c.children } else { out.append(c) }
        }
        return out
    }

    /// Warns about state and transition elements whose target id names no layer.
    func checkTargets() {
        for s in states {
            for v in s.elements where layersByID[v.targetID] == nil {
                context.log.warn(context.file, v.line, "state '\(s.name)' sets '\(v.keyPath)' of unknown layer id '\(v.targetID)'")
            }
        }
        for t in transitions {
            for el in t.elements where layersByID[el.targetID] == nil {
                context.log.warn(context.file, 0,
                                 "transition \(t.fromState) → \(t.toState) animates unknown layer id '\(el.targetID)'")
            }
        }
    }
}
