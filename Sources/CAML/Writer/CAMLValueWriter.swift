import Foundation
import CoreGraphics
import QuartzCore

/// Typed values (`<real value="1.5"/>`, `<value type="integer" value="181"/>`,
/// `<CGPoint value="50 772"/>`, `<NSArray>…</NSArray>`…), the form of animation values and
/// state values: the inverse of `CAMLReadContext.typedValue`.
///
/// Type chosen from the Swift value: `NSNumber` by its `objCType` (floating → `real`, else
/// `integer`), Swift integers → `integer`, `Double`/`CGFloat`/`Float` → `real`, `Bool` →
/// `bool`, `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CGImage` (a `src`), `CATransform3D`
/// (also `CGAffineTransform` and `NSValue`s holding these), `String` → `string`, arrays →
/// `NSArray`, `NSNull`, `CAMediaTimingFunction`. Anything else is left out with a warning.
extension CAMLDocumentWriter {
    /// `value` as an element named by its type, or, with `wrapper`, an element named `wrapper`
    /// with a `type` attribute (`<fromValue type="real" value="1"/>`). nil (warned) when the value
    /// has no CAML form.
    func typedValue(_ value: Any, wrapper: String? = nil, what: String) throws(CAMLWriteError) -> CAMLXMLNode? {
        func node(_ type: String, _ attrs: [(name: String, value: String)], _ children: [CAMLXMLNode] = []) -> CAMLXMLNode {
            if let wrapper { return CAMLXMLNode(wrapper, [("type", type)] + attrs, children: children) }
            return CAMLXMLNode(type, attrs, children: children)
        }
        func scalar(_ type: String, _ text: String?) -> CAMLXMLNode? {
            guard let text else { warn("\(what): a value that is not finite was left out"); return nil }
            return node(type, [("value", text)])
        }
        switch value {
        case is NSNull: return node("NSNull", [])
        case let n as NSNumber: return number(n, node: node, what: what)
        case let b as Bool: return node("bool", [("value", CAMLFormat.bool(b))])
        case let x as Double: return scalar("real", CAMLFormat.number(x))
        case let x as CGFloat: return scalar("real", CAMLFormat.number(Double(x)))
        case let x as Float: return scalar("real", CAMLFormat.number(Double(x)))
        case let p as CGPoint: return scalar("CGPoint", CAMLFormat.point(p))
        case let s as CGSize: return scalar("CGSize", CAMLFormat.size(s))
        case let r as CGRect: return scalar("CGRect", CAMLFormat.rect(r))
        case let t as CATransform3D: return scalar("CATransform3D", CAMLFormat.transform(t))
        case let a as CGAffineTransform:
            return scalar("CATransform3D", CAMLFormat.transform(CATransform3DMakeAffineTransform(a)))
        case let c as CGColor:
            guard let text = color(c, what: what) else { return nil }
            return node("CGColor", [("value", text)])
        case let image as CGImage: return node("CGImage", [("src", try assets.source(for: image))])
        case let s as String: return node("string", [("value", text(s, what: what))])
        case let f as CAMediaTimingFunction: return timingFunctionNode(f, wrapper: wrapper)
        case let items as [Any]:
            var children: [CAMLXMLNode] = []
            for (i, item) in items.enumerated() {
                if let c = try typedValue(item, what: "\(what)[\(i)]") { children.append(c) }
            }
            return node("NSArray", [], children)
        case let v as NSValue: return nsValue(v, node: node, what: what)
        default:
            if let i = integer(value) { return node("integer", [("value", i)]) }
            warn("\(what): a \(type(of: value)) has no CAML form; left out")
            return nil
        }
    }

    private func number(_ n: NSNumber, node: (String, [(name: String, value: String)], [CAMLXMLNode]) -> CAMLXMLNode,
                        what: String) -> CAMLXMLNode? {
        let type = String(cString: n.objCType)
        if type == "f" || type == "d" {
            guard let text = CAMLFormat.number(n.doubleValue) else {
                warn("\(what): a NaN was left out"); return nil
            }
            return node("real", [("value", text)], [])
        }
        if type == "Q", n.uint64Value > UInt64(Int64.max) {
            return node("real", [("value", CAMLFormat.number(n.doubleValue)!)], [])
        }
        let i = n.int64Value
        // The reader reads integers through Double; past 2^53 they are written as reals.
        if abs(Double(i)) >= 9e15 { return node("real", [("value", CAMLFormat.number(Double(i))!)], []) }
        return node("integer", [("value", CAMLFormat.integer(i))], [])
    }

    private func integer(_ v: Any) -> String? {
        switch v {
        case let i as Int: CAMLFormat.integer(Int64(i))
        case let i as Int32: CAMLFormat.integer(Int64(i))
        case let i as Int64: CAMLFormat.integer(i)
        case let i as Int16: CAMLFormat.integer(Int64(i))
        case let i as Int8: CAMLFormat.integer(Int64(i))
        case let i as UInt32: CAMLFormat.integer(Int64(i))
        case let i as UInt16: CAMLFormat.integer(Int64(i))
        case let i as UInt8: CAMLFormat.integer(Int64(i))
        case let i as UInt where i <= UInt(Int64.max): CAMLFormat.integer(Int64(i))
        default: nil
        }
    }

    /// `NSValue(point:)`, `(size:)`, `(rect:)` and `(caTransform3D:)`, told apart by `objCType`.
    private func nsValue(_ v: NSValue, node: (String, [(name: String, value: String)], [CAMLXMLNode]) -> CAMLXMLNode,
                         what: String) -> CAMLXMLNode? {
        let type = String(cString: v.objCType)
        let text: (String, String?)
        // Outermost type first: a rect's encoding names CGPoint and CGSize inside it; Linux
        // boxes a CATransform3D as "[16d]" (see NSValue+CATransform3D).
        if type.contains("Transform3D") || type == "[16d]" { text = ("CATransform3D", CAMLFormat.transform(v.caTransform3DValue)) }
        else if type.contains("Rect") { text = ("CGRect", CAMLFormat.rect(v.rectValue)) }
        else if type.contains("Size") { text = ("CGSize", CAMLFormat.size(v.sizeValue)) }
        else if type.contains("Point") { text = ("CGPoint", CAMLFormat.point(v.pointValue)) }
        else { warn("\(what): an NSValue of type \(type) has no CAML form; left out"); return nil }
        guard let t = text.1 else { warn("\(what): a value that is not finite was left out"); return nil }
        return node(text.0, [("value", t)], [])
    }

    /// `<CAMediaTimingFunction name="easeIn"/>` for Apple's named curves, else
    /// `controlPoints="x1 y1 x2 y2"`.
    func timingFunctionNode(_ f: CAMediaTimingFunction, wrapper: String? = nil) -> CAMLXMLNode {
        let t = CAMLFormat.timingFunction(f)
        var attrs: [(name: String, value: String)] = wrapper == nil ? [] : [("type", "CAMediaTimingFunction")]
        if let name = t.name { attrs.append(("name", name)) } else { attrs.append(("controlPoints", t.points)) }
        return CAMLXMLNode(wrapper ?? "CAMediaTimingFunction", attrs)
    }

    /// A colour's `r g b [a]`, warning when it is outside what CAML holds (the reader clamps).
    func color(_ c: CGColor, what: String) -> String? {
        guard let text = CAMLFormat.color(c) else {
            warn("\(what): a colour in a space that cannot be converted to sRGB was left out"); return nil
        }
        if !CAMLFormat.colorIsInRange(c) { warn("\(what): colour components outside 0…1 will be clamped when read") }
        return text
    }

    /// `s` for an attribute, warning when XML cannot hold some of its characters.
    func text(_ s: String, what: String) -> String {
        if !CAMLXMLEscaping.isRepresentable(s) {
            warn("\(what): control characters XML cannot hold were written as U+FFFD")
        }
        return s
    }
}
