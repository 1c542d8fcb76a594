import Foundation
import QuartzCore

/// `<animation type="CABasicAnimation|CAKeyframeAnimation|CASpringAnimation|CAAnimationGroup">`
/// (or an element named by the class) with timing fields and values as attributes or children.
///
/// Values without a type are read by the kind of the animation's key path (`position` → points).
/// `keyTimes`, `values` and `timingFunctions` pass through unchanged: QuartzCore's evaluator
/// applies Apple's rule for lists that do not fit (keyTimes that do not match the values are
/// ignored and the values are spaced evenly).
extension CAMLDocumentReader {
    static let animationClasses: [String: CAAnimation.Type] = [
        "CABasicAnimation": CABasicAnimation.self, "CAKeyframeAnimation": CAKeyframeAnimation.self,
        "CASpringAnimation": CASpringAnimation.self, "CAAnimationGroup": CAAnimationGroup.self,
        "CATransition": CATransition.self,
    ]

    func readAnimation(_ e: CAMLElement, depth: Int) -> CAAnimation? {
        let typeName = e["type"] ?? (e.name == "animation" ? nil : e.name)
        guard let typeName, let cls = Self.animationClasses[typeName] else {
            context.warn(e, "animation of unknown type '\(typeName ?? "(none)")' skipped")
            return nil
        }
        let anim = cls.init()
        let kind = e["keyPath"].flatMap { CAMLValueKind.of(keyPath: $0) }
        for a in e.attributes where !["type", "key", "id", "enabled", "name"].contains(a.name) {
            if !readTimingAttribute(a.name, a.value, anim, at: e)
                && !readAnimationAttribute(a.name, a.value, anim, kind: kind, at: e) {
                context.warn(e, "unknown animation attribute '\(a.name)' skipped")
            }
        }
        for c in e.children { readAnimationChild(c, anim, kind: kind, depth: depth) }
        normalizeRepeat(anim)
        return anim
    }

    /// Class-specific attributes; false when `name` is not one of `anim`'s.
    private func readAnimationAttribute(_ name: String, _ raw: String, _ anim: CAAnimation,
                                        kind: CAMLValueKind?, at e: CAMLElement) -> Bool {
        func number(_ check: (Double) -> Bool = { $0.isFinite }) -> CGFloat? {
            guard let x = CAMLScalars.number(raw), check(x) else {
                context.warn(e, "'\(context.clip(raw))' is not a valid \(name); skipped")
                return nil
            }
            return CGFloat(x)
        }
        func flag() -> Bool? {
            guard let b = CAMLScalars.bool(raw) else { context.warn(e, "'\(raw)' is not a Boolean for \(name)"); return nil }
            return b
        }
        let property = anim as? CAPropertyAnimation
        switch (name, anim) {
        case ("keyPath", _) where property != nil: property!.keyPath = raw
        case ("additive", _) where property != nil: flag().map { property!.isAdditive = $0 }
        case ("cumulative", _) where property != nil: flag().map { property!.isCumulative = $0 }
        case ("valueFunction", _) where property != nil:
            property!.valueFunction = CAValueFunction(name: CAValueFunctionName(raw))
        case ("fromValue", let b as CABasicAnimation): b.fromValue = untyped(raw, kind: kind, at: e)
        case ("toValue", let b as CABasicAnimation): b.toValue = untyped(raw, kind: kind, at: e)
        case ("byValue", let b as CABasicAnimation): b.byValue = untyped(raw, kind: kind, at: e)
        case ("mass", let s as CASpringAnimation): number { $0.isFinite && $0 > 0 }.map { s.mass = $0 }
        case ("stiffness", let s as CASpringAnimation): number { $0.isFinite && $0 > 0 }.map { s.stiffness = $0 }
        case ("damping", let s as CASpringAnimation): number { $0.isFinite && $0 >= 0 }.map { s.damping = $0 }
        case ("velocity", let s as CASpringAnimation), ("initialVelocity", let s as CASpringAnimation):
            number().map { s.initialVelocity = $0 }
        case ("allowsOverdamping", let s as CASpringAnimation): flag().map { s.allowsOverdamping = $0 }
        case ("calculationMode", let k as CAKeyframeAnimation): k.calculationMode = CAAnimationCalculationMode(raw)
        case ("rotationMode", let k as CAKeyframeAnimation): k.rotationMode = CAAnimationRotationMode(raw)
        case ("path", let k as CAKeyframeAnimation):
            guard let p = CAMLPathSyntax.parse(raw) else {
                context.warn(e, CAMLPathSyntax.commandCount(raw) > CAMLPathSyntax.maximumElementCount
                    ? "path has more than \(CAMLPathSyntax.maximumElementCount) segments (the limit); skipped"
                    : "path '\(context.clip(raw))' is not a path (M/L/Q/C/Z)")
                break
            }
            k.path = p
        case ("keyTimes", let k as CAKeyframeAnimation):
            guard let xs = CAMLScalars.numbers(raw) else { context.warn(e, "keyTimes '\(context.clip(raw))' are not numbers"); break }
            k.keyTimes = xs.map { NSNumber(value: $0) }
        case ("type", let t as CATransition), ("transitionType", let t as CATransition): t.type = CATransitionType(raw)
        case ("subtype", let t as CATransition): t.subtype = CATransitionSubtype(raw)
        default: return false
        }
        return true
    }

    private func untyped(_ raw: String, kind: CAMLValueKind?, at e: CAMLElement) -> Any? {
        context.scalar(raw, kind: kind ?? (CAMLScalars.number(raw) != nil ? .number : .string), at: e)
    }

    private func readAnimationChild(_ c: CAMLElement, _ anim: CAAnimation, kind: CAMLValueKind?, depth: Int) {
        func single() -> Any? {
            if c["type"] != nil { return context.typedValue(c, hint: kind) }
            if let inner = c.children.first { return context.typedValue(inner, hint: kind) }
            if let raw = c["value"] { return untyped(raw, kind: kind, at: c) }
            context.warn(c, "<\(c.name)> has no value"); return nil
        }
        switch (c.name, anim) {
        case ("values", let k as CAKeyframeAnimation):
            k.values = c.children.compactMap { context.typedValue($0, hint: kind) }
        case ("keyTimes", let k as CAKeyframeAnimation):
            k.keyTimes = c.children.compactMap { context.typedValue($0, hint: .number) as? NSNumber }
        case ("timingFunctions", let k as CAKeyframeAnimation):
            k.timingFunctions = c.children.compactMap { context.timingFunction($0) }
        case ("timingFunction", _):
            anim.timingFunction = c.children.first.flatMap { context.timingFunction($0) } ?? context.timingFunction(c)
        case ("fromValue", let b as CABasicAnimation): b.fromValue = single()
        case ("toValue", let b as CABasicAnimation): b.toValue = single()
        case ("byValue", let b as CABasicAnimation): b.byValue = single()
        case ("animations", let g as CAAnimationGroup):
            guard depth < 32 else { return context.warn(c, "animation groups nested more than 32 deep; skipped") }
            g.animations = c.children.compactMap { readAnimation($0, depth: depth + 1) }
        default:
            context.warn(c, "unknown animation element <\(c.name)> skipped")
        }
    }
}
