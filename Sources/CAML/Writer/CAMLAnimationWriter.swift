import Foundation
import CoreGraphics
import QuartzCore

/// `<animation type="CABasicAnimation|CAKeyframeAnimation|CASpringAnimation|CAAnimationGroup|
/// CATransition" …>`: the inverse of `CAMLDocumentReader.readAnimation`.
///
/// Fields equal to Apple's defaults (`CAAnimation`'s `speed` 1, `fillMode` removed,
/// `removedOnCompletion` true…, `CASpringAnimation`'s mass 1, stiffness 100, damping 10) are
/// not written. An infinite `repeatCount` is written `inf`. Values go in child elements as
/// typed values (`<values><real value="0"/>…</values>`, `<toValue type="CGPoint" value="…"/>`),
/// `keyTimes` as `<keyTimes><real …/></keyTimes>` (no length limit), timing functions by name or
/// control points.
extension CAMLDocumentWriter {
    func animationNode(_ anim: CAAnimation, what: String, depth: Int = 0) throws(CAMLWriteError) -> CAMLXMLNode? {
        let cls: String
        switch anim {
        case is CASpringAnimation: cls = "CASpringAnimation"
        case is CABasicAnimation: cls = "CABasicAnimation"
        case is CAKeyframeAnimation: cls = "CAKeyframeAnimation"
        case is CAAnimationGroup: cls = "CAAnimationGroup"
        case is CATransition: cls = "CATransition"
        default:
            warn("\(what): animations of class \(type(of: anim)) have no CAML form; left out")
            return nil
        }
        var node = CAMLXMLNode("animation", [("type", cls)])
        func number(_ name: String, _ x: Double, default d: Double) {
            guard x != d || (x == 0 && x.sign != d.sign) else { return }
            if let t = CAMLFormat.number(x) { node.set(name, t) } else { warn("\(what): \(name) is NaN; left out") }
        }
        func float(_ name: String, _ x: Float, default d: Float) {
            guard x != d else { return }
            if let t = CAMLFormat.number(x) { node.set(name, t) } else { warn("\(what): \(name) is NaN; left out") }
        }
        func flag(_ name: String, _ b: Bool, default d: Bool) { if b != d { node.set(name, CAMLFormat.bool(b)) } }
        func value(_ name: String, _ v: Any?) throws(CAMLWriteError) {
            guard let v else { return }
            if let c = try typedValue(v, wrapper: name, what: "\(what) \(name)") { node.children.append(c) }
        }

        if let p = anim as? CAPropertyAnimation {
            if let k = p.keyPath { node.set("keyPath", text(k, what: what)) }
            flag("additive", p.isAdditive, default: false)
            flag("cumulative", p.isCumulative, default: false)
            if let f = p.valueFunction { node.set("valueFunction", f.name.rawValue) }
        }
        // CAMediaTiming, in the order editors write it.
        number("beginTime", anim.beginTime, default: 0)
        number("duration", anim.duration, default: 0)
        float("speed", anim.speed, default: 1)
        number("timeOffset", anim.timeOffset, default: 0)
        float("repeatCount", anim.repeatCount, default: 0)
        number("repeatDuration", anim.repeatDuration, default: 0)
        flag("autoreverses", anim.autoreverses, default: false)
        if anim.fillMode != .removed { node.set("fillMode", text(anim.fillMode.rawValue, what: what)) }
        flag("removedOnCompletion", anim.isRemovedOnCompletion, default: true)
        if let f = anim.timingFunction {
            let t = CAMLFormat.timingFunction(f)
            node.set("timingFunction", t.name ?? t.points)
        }
        if anim.delegate != nil { warn("\(what): the delegate is not written") }

        switch anim {
        case let s as CASpringAnimation:
            number("mass", Double(s.mass), default: 1)
            number("stiffness", Double(s.stiffness), default: 100)
            number("damping", Double(s.damping), default: 10)
            number("velocity", Double(s.initialVelocity), default: 0)
            flag("allowsOverdamping", s.allowsOverdamping, default: false)
            try basicValues(s, value)
        case let b as CABasicAnimation:
            try basicValues(b, value)
        case let k as CAKeyframeAnimation:
            if k.calculationMode != .linear { node.set("calculationMode", text(k.calculationMode.rawValue, what: what)) }
            if let r = k.rotationMode { node.set("rotationMode", text(r.rawValue, what: what)) }
            if let path = k.path { node.set("path", CAMLPathSyntax.text(path)) }
            if let values = k.values {
                var list = CAMLXMLNode("values")
                for (i, v) in values.enumerated() {
                    if let c = try typedValue(v, what: "\(what) values[\(i)]") { list.children.append(c) }
                }
                node.children.append(list)
            }
            if let times = k.keyTimes {
                var list = CAMLXMLNode("keyTimes")
                for (i, t) in times.enumerated() {
                    if let c = try typedValue(t, what: "\(what) keyTimes[\(i)]") { list.children.append(c) }
                }
                node.children.append(list)
            }
            if let fs = k.timingFunctions {
                node.children.append(CAMLXMLNode("timingFunctions", children: fs.map { timingFunctionNode($0) }))
            }
            if k.tensionValues != nil || k.continuityValues != nil || k.biasValues != nil {
                warn("\(what): tension, continuity and bias values are not written (the reader does not read them)")
            }
        case let g as CAAnimationGroup:
            if let list = g.animations {
                var group = CAMLXMLNode("animations")
                if depth >= 30 { warn("\(what): groups nested more than 30 deep left out") } else {
                    for (i, a) in list.enumerated() {
                        if let c = try animationNode(a, what: "\(what) animations[\(i)]", depth: depth + 1) {
                            group.children.append(c)
                        }
                    }
                }
                node.children.append(group)
            }
        case let t as CATransition:
            if t.type != .fade { node.set("transitionType", text(t.type.rawValue, what: what)) }
            if let s = t.subtype { node.set("subtype", text(s.rawValue, what: what)) }
            if t.startProgress != 0 || t.endProgress != 1 {
                warn("\(what): startProgress and endProgress are not written (the reader does not read them)")
            }
        default: break
        }
        return node
    }

    private func basicValues(_ b: CABasicAnimation, _ value: (String, Any?) throws(CAMLWriteError) -> Void) throws(CAMLWriteError) {
        try value("fromValue", b.fromValue)
        try value("toValue", b.toValue)
        try value("byValue", b.byValue)
    }
}
