import Foundation
import CoreGraphics
import QuartzCore

/// CAML's typed values: an element whose name, or whose `type` attribute, names the type, with
/// the value in a `value` attribute (or as text), e.g. `<real value="1.5"/>`,
/// `<value type="integer" value="181"/>`, `<CGPoint value="50 772"/>`,
/// `<CGColor value="1 0 0" opacity="0.5"/>`, `<CGImage src="assets/a.png"/>`,
/// `<NSArray>…</NSArray>`, `<CAMediaTimingFunction name="easeIn"/>`.
///
/// Results are plain Swift values that QuartzCore's key-value coding and animations accept:
/// `NSNumber` (real, integer), `Bool`, `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CGImage`,
/// `CATransform3D`, `String`, `[Any]`, `CAMediaTimingFunction`, `NSNull`.
extension CAMLReadContext {
    /// The value of typed-value element `e`; `hint` reads an element with no known type (e.g. a
    /// state value without `type`). nil (with a warning) when it cannot be read.
    func typedValue(_ e: CAMLElement, hint: CAMLValueKind? = nil) -> Any? {
        let type = e["type"] ?? e.name
        let raw = e["value"] ?? (e.text.isEmpty ? nil : e.text)
        func need(_ what: String, _ parse: (String) -> Any?) -> Any? {
            guard let raw else { warn(e, "<\(e.name)> of type \(type) has no value"); return nil }
            guard let v = parse(raw) else { warn(e, "'\(clip(raw))' is not \(what) (type \(type))"); return nil }
            return v
        }
        switch type {
        case "real", "float", "double", "CGFloat", "NSNumber", "number":
            return need("a number") { CAMLScalars.number($0).map { NSNumber(value: $0) } }
        case "integer", "int", "NSInteger", "long":
            return need("an integer") { s in
                guard let x = CAMLScalars.number(s), x.isFinite, abs(x) < 9e15 else { return nil }
                return NSNumber(value: Int(x.rounded()))
            }
        case "bool", "BOOL", "boolean", "Bool":
            return need("a Boolean") { CAMLScalars.bool($0) }
        case "CGPoint", "point": return need("a point \"x y\"") { CAMLScalars.point($0) }
        case "CGSize", "size": return need("a size \"w h\"") { CAMLScalars.size($0) }
        case "CGRect", "rect": return need("a rect \"x y w h\"") { CAMLScalars.rect($0) }
        case "CGColor", "color", "CGColorRef":
            let opacity = e["opacity"].flatMap(CAMLScalars.number)
            return need("a colour \"r g b [a]\"") { CAMLScalars.color($0, opacity: opacity) }
        case "CATransform3D", "transform": return need("a transform") { CAMLTransformParser.parse($0) }
        case "string", "NSString", "String": return raw ?? ""
        case "NSNull", "null", "nil": return NSNull()
        case "CGImage", "image", "CGImageRef": return imageValue(e)
        case "NSArray", "array": return e.children.compactMap { typedValue($0, hint: hint) }
        case "CAMediaTimingFunction": return timingFunction(e)
        default:
            if let hint, let raw, let v = scalar(raw, kind: hint, at: e) { return v }
            warn(e, "value of unknown type '\(type)' skipped")
            return nil
        }
    }

    /// `raw` read as `kind`; nil with a warning when it does not parse.
    func scalar(_ raw: String, kind: CAMLValueKind, at e: CAMLElement?, key: String? = nil) -> Any? {
        let v: Any?
        switch kind {
        case .number: v = CAMLScalars.number(raw).map { NSNumber(value: $0) }
        case .bool: v = CAMLScalars.bool(raw)
        case .point: v = CAMLScalars.point(raw)
        case .size: v = CAMLScalars.size(raw)
        case .rect: v = CAMLScalars.rect(raw)
        case .color: v = CAMLScalars.color(raw)
        case .transform: v = CAMLTransformParser.parse(raw)
        case .string: v = raw
        case .image: v = image(src: raw, at: e)
        case .path: v = CAMLPathSyntax.parse(raw)
        case .numbers: v = CAMLScalars.numbers(raw).map { $0.map { NSNumber(value: $0) } }
        }
        if v == nil, kind != .image {
            let what: String = switch kind {
            case .number: "a number"
            case .bool: "a Boolean (0/1, true/false)"
            case .point: "a point \"x y\" of finite coordinates up to \(Int(CAMLScalars.maximumCoordinate))"
            case .size: "a size \"w h\" of finite lengths up to \(Int(CAMLScalars.maximumCoordinate))"
            case .rect: "a rect \"x y w h\" of finite values up to \(Int(CAMLScalars.maximumCoordinate))"
            case .color: "a colour \"r g b [a]\""
            case .transform: "a transform list"
            case .path: "a path (M/L/Q/C/Z)"
            case .numbers: "a list of up to 64 numbers"
            case .string, .image: "a value"
            }
            warn(e, "'\(clip(raw))' is not \(what)" + (key.map { " for '\($0)'; attribute skipped" } ?? ""))
        }
        return v
    }

    /// `<CGImage src=…/>` (also `<contents type="CGImage" src=…/>`).
    func imageValue(_ e: CAMLElement) -> Any? {
        guard let src = e["src"] ?? e["value"] ?? e["path"] else {
            warn(e, "<\(e.name)> has no src; contents left empty")
            return nil
        }
        return image(src: src, at: e)
    }

    func image(src: String, at e: CAMLElement?) -> CGImage? {
        if src.lowercased().hasSuffix(".js") {
            warn(e, "script asset '\(src)' skipped (scripts are an editor extension)")
            return nil
        }
        return images.image(src, base: base) { warn(e, $0) }
    }

    /// A named function (`name="easeIn"`) or control points (`controlPoints="x1 y1 x2 y2"`).
    func timingFunction(_ e: CAMLElement) -> CAMediaTimingFunction? {
        if let name = e["name"] ?? (e["value"].flatMap { CAMLScalars.numbers($0) == nil ? $0 : nil }) {
            return namedTimingFunction(name, at: e)
        }
        if let cp = e["controlPoints"] ?? e["value"], let xs = CAMLScalars.numbers(cp), xs.count == 4,
           xs.allSatisfy(\.isFinite) {
            return CAMediaTimingFunction(controlPoints: Float(xs[0]), Float(xs[1]), Float(xs[2]), Float(xs[3]))
        }
        warn(e, "<\(e.name)> names no timing function; linear used")
        return nil
    }

    func namedTimingFunction(_ name: String, at e: CAMLElement?) -> CAMediaTimingFunction? {
        let known: [String: CAMediaTimingFunctionName] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut,
            "default": .default,
        ]
        guard let n = known[name] else {
            warn(e, "unknown timing function '\(name)'; linear used")
            return nil
        }
        return CAMediaTimingFunction(name: n)
    }

    func clip(_ s: String) -> String { s.count > 60 ? String(s.prefix(57)) + "…" : s }
}
