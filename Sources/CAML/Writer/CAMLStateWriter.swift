import Foundation
import QuartzCore

/// `<states>` and `<stateTransitions>`, the inverse of `CAMLDocumentReader.readState` and
/// `readTransition`, in the form editors write:
///
/// ```xml
/// <LKState name="Unlock"><elements>
///   <LKStateSetValue targetId="id" keyPath="position.x"><value type="integer" value="302"/></LKStateSetValue>
/// </elements></LKState>
/// <LKStateTransition fromState="*" toState="Unlock"><elements>
///   <LKStateTransitionElement targetId="id" keyPath="position.x"><animation type="CASpringAnimation" …/></LKStateTransitionElement>
/// </elements></LKStateTransition>
/// ```
extension CAMLDocumentWriter {
    func statesNode(_ states: [CAMLState]) throws(CAMLWriteError) -> CAMLXMLNode {
        var node = CAMLXMLNode("states")
        for s in states {
            var state = CAMLXMLNode("LKState", [("name", text(s.name, what: "state"))])
            if let b = s.basedOn { state.set("basedOn", text(b, what: "state '\(s.name)'")) }
            var elements = CAMLXMLNode("elements")
            for v in s.elements {
                let what = "state '\(s.name)' \(v.keyPath) of '\(v.targetID)'"
                // A value with no CAML form drops the element: without a value it would not read.
                guard let value = try typedValue(v.value, wrapper: "value", what: what) else { continue }
                elements.children.append(CAMLXMLNode("LKStateSetValue",
                    [("targetId", text(v.targetID, what: what)), ("keyPath", text(v.keyPath, what: what))],
                    children: [value]))
            }
            state.children.append(elements)
            node.children.append(state)
        }
        return node
    }

    func transitionsNode(_ transitions: [CAMLStateTransition]) throws(CAMLWriteError) -> CAMLXMLNode {
        var node = CAMLXMLNode("stateTransitions")
        for t in transitions {
            var transition = CAMLXMLNode("LKStateTransition", [("fromState", text(t.fromState, what: "transition")),
                                                               ("toState", text(t.toState, what: "transition"))])
            var elements = CAMLXMLNode("elements")
            for el in t.elements {
                let what = "transition \(t.fromState) → \(t.toState) \(el.keyPath) of '\(el.targetID)'"
                var element = CAMLXMLNode("LKStateTransitionElement",
                    [("targetId", text(el.targetID, what: what)), ("keyPath", text(el.keyPath, what: what))])
                if let a = el.animation, let c = try animationNode(a, what: what) { element.children.append(c) }
                elements.children.append(element)
            }
            transition.children.append(elements)
            node.children.append(transition)
        }
        return node
    }
}
