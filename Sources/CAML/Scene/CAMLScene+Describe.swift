import Foundation
import CoreGraphics
import QuartzCore

extension CAMLScene {
    /// A readable report of the scene (what `carender info` prints): host size, scale and flip;
    /// the layer tree with class, name, id, bounds and position (indented by depth); each layer's
    /// animations with key path, duration and repeat; states with their values; transitions with
    /// their animated keys; and the warnings. Model values, as of now.
    public func describe() -> String {
        var out: [String] = []
        out.append("scene \(Self.escaped(url.lastPathComponent))")
        out.append("  size \(fmt(size.width))×\(fmt(size.height)) pt, scale \(fmt(defaultScale)), "
                   + (isFlipped ? "flipped host (y down)" : "unflipped host (y up)"))
        out.append("  initial state: \(initialState ?? "(none)"), current: \(currentState ?? "(none)")")
        // The names --state takes, before the long layer tree (their values are under "states:").
        var seen: Set<String> = []
        let names = states.map(\.name).filter { seen.insert($0).inserted }   // planes repeat them
        out.append("  states: " + (names.isEmpty ? "(none)" : names.map(Self.escaped).joined(separator: ", ")))
        out.append("  \(animationCount) animation(s) in the files, \(transitions.count) transition(s)")
        out.append("documents (back to front):")
        for d in documents {
            out.append("  \(Self.shortName(d.file))" + (d.filePosition != d.root.position
                ? " — root position \(fmt(d.filePosition.x)) \(fmt(d.filePosition.y)) in the file, placed at the document rectangle" : ""))
        }
        out.append("layers:")
        var ids: [ObjectIdentifier: String] = [:]
        for d in documents { for (id, l) in d.layersByID { ids[ObjectIdentifier(l)] = id } }
        describeLayer(rootLayer, depth: 1, ids: ids, into: &out)
        out.append("states:")
        for s in states {
            out.append("  \(Self.escaped(s.name))" + (s.basedOn.map { " (based on \(Self.escaped($0)))" } ?? "")
                       + " — \(Self.shortName(s.file))")
            for v in s.elements { out.append("    id=\(Self.escaped(v.targetID)) \(Self.escaped(v.keyPath)) = \(Self.describeValue(v.value))") }
        }
        out.append("transitions:")
        for t in transitions {
            out.append("  \(Self.escaped(t.fromState)) → \(Self.escaped(t.toState)): \(t.elements.count) animation(s) — \(Self.shortName(t.file))")
            for el in t.elements {
                out.append("    id=\(Self.escaped(el.targetID)) \(Self.escaped(el.keyPath)): " + (el.animation.map(Self.describeAnimation) ?? "(none)"))
            }
        }
        out.append("warnings: \(warnings.count)")
        for w in warnings { out.append("  \(w)") }
        return out.joined(separator: "\n") + "\n"
    }

    /// Names from the files with control, format and line-break characters escaped, so a
    /// scene cannot send terminal escapes or bidirectional overrides through `carender info`.
    static func escaped(_ name: String) -> String { CAMLWarningLog.printable(name, limit: 200) }

    private func describeLayer(_ l: CALayer, depth: Int, ids: [ObjectIdentifier: String], into out: inout [String]) {
        let pad = String(repeating: "  ", count: depth)
        var line = pad + String(describing: type(of: l))
        if let n = l.name { line += " \"\(Self.escaped(n))\"" }
        if let id = ids[ObjectIdentifier(l)] { line += " id=\(Self.escaped(id))" }
        let b = l.bounds, p = l.position
        line += " bounds (\(fmt(b.origin.x)) \(fmt(b.origin.y)) \(fmt(b.width)) \(fmt(b.height)))"
        line += " position (\(fmt(p.x)) \(fmt(p.y)))"
        if l.opacity != 1 { line += " opacity \(fmt(CGFloat(l.opacity)))" }
        if l.isHidden { line += " hidden" }
        if let c = l.backgroundColor { line += " background \(Self.describeValue(c))" }
        if l.cornerRadius != 0 { line += " cornerRadius \(fmt(l.cornerRadius))" }
        if l.contents is CGImage, let img = l.contents as? CGImage { line += " image \(img.width)×\(img.height)" }
        if let e = l as? CAEmitterLayer {
            line += " emitter \(e.emitterShape.rawValue)/\(e.emitterMode.rawValue) at (\(fmt(e.emitterPosition.x)) \(fmt(e.emitterPosition.y)))"
            for c in e.emitterCells ?? [] {
                line += "\n\(pad)  ✻ cell \(c.name.map { "\"\(Self.escaped($0))\"" } ?? "(unnamed)") \(fmt(CGFloat(c.birthRate)))/s"
                    + " lifetime \(fmt(CGFloat(c.lifetime)))s velocity \(fmt(c.velocity))"
            }
        }
        line += Self.describeOwnProperties(l)
        line += Self.describeFilters(l)   // CAMLFilterReader
        out.append(line)
        for key in l.animationKeys() ?? [] {
            guard let a = l.animation(forKey: key) else { continue }
            out.append(pad + "  ↻ \(key): " + Self.describeAnimation(a))
        }
        for s in l.sublayers ?? [] { describeLayer(s, depth: depth + 1, ids: ids, into: &out) }
    }

    /// The properties a subclass adds to CALayer's (a shape's path, colours and stroke, a
    /// gradient's colours, locations, points and type…) that are not at their defaults, read
    /// from the class's property table, so every layer class is listed the same way.
    static func describeOwnProperties(_ l: CALayer) -> String {
        let base = Set(CALayer.propertyInfos.map(\.key))
        var s = ""
        for p in type(of: l).propertyInfos where !base.contains(p.key) && !p.isDerived && !p.isTreeLink {
            // Points, sizes and rects come boxed in NSValue (`as? CGPoint` is nil on Linux).
            func plain(_ v: Any) -> String? {
                switch (p.type, v) {
                case (.point, let n as NSValue): describeValue(n.pointValue)
                case (.size, let n as NSValue): describeValue(n.sizeValue)
                case (.rect, let n as NSValue): describeValue(n.rectValue)
                default: describePlainValue(v)
                }
            }
            guard let v = l.value(forKey: p.key), let text = plain(v), p.defaultValue.flatMap(plain) != text else { continue }
            s += " \(p.key) \(text)"
        }
        return s
    }

    /// `describeValue` for values that print as data (numbers, strings, geometry, colours,
    /// paths and arrays of those); nil for objects (cells, delegates).
    static func describePlainValue(_ v: Any) -> String? {
        switch v {
        case let a as [Any]: return a.allSatisfy({ describePlainValue($0) != nil }) ? describeValue(a) : nil
        case is NSNumber, is Bool, is CGPoint, is CGSize, is CGRect, is CGColor, is CGImage, is String, is CGPath:
            return describeValue(v)
        default: return nil
        }
    }

    static func describeAnimation(_ a: CAAnimation) -> String {
        var s = String(describing: type(of: a))
        if let p = a as? CAPropertyAnimation, let k = p.keyPath { s += " \(k)" }
        s += " duration \(fmt(CGFloat(a.duration)))s"
        if a.repeatCount.isInfinite { s += " repeat forever" }
        else if a.repeatDuration > 0 { s += " repeat for \(fmt(CGFloat(a.repeatDuration)))s" }
        else if a.repeatCount > 0 { s += " repeat \(fmt(CGFloat(a.repeatCount)))×" }
        if a.autoreverses { s += " autoreverses" }
        if a.beginTime != 0 { s += " begin \(a.beginTime == 1e-100 ? "scene start" : fmt(CGFloat(a.beginTime)) + "s")" }
        if let k = a as? CAKeyframeAnimation, let v = k.values {
            s += " values [" + v.prefix(8).map(describeValue).joined(separator: ", ") + (v.count > 8 ? ", …" : "") + "]"
        }
        if let sp = a as? CASpringAnimation {
            s += " spring mass \(fmt(sp.mass)) stiffness \(fmt(sp.stiffness)) damping \(fmt(sp.damping)) velocity \(fmt(sp.initialVelocity))"
        }
        if let b = a as? CABasicAnimation, b.fromValue != nil || b.toValue != nil {
            s += " from \(b.fromValue.map(describeValue) ?? "-") to \(b.toValue.map(describeValue) ?? "-")"
        }
        if let g = a as? CAAnimationGroup { s += " group of \(g.animations?.count ?? 0)" }
        return s
    }

    static func describeValue(_ v: Any) -> String {
        switch v {
        case let n as NSNumber: return fmt(CGFloat(n.doubleValue))
        case let b as Bool: return b ? "true" : "false"
        case let p as CGPoint: return "(\(fmt(p.x)) \(fmt(p.y)))"
        case let s as CGSize: return "(\(fmt(s.width)) \(fmt(s.height)))"
        case let r as CGRect: return "(\(fmt(r.origin.x)) \(fmt(r.origin.y)) \(fmt(r.width)) \(fmt(r.height)))"
        case let c as CGColor: return "rgba(" + (c.components ?? []).map(fmt).joined(separator: " ") + ")"
        case let i as CGImage: return "image \(i.width)×\(i.height)"
        case let s as String: return "\"\(escaped(s))\""
        case let p as CGPath:
            var n = 0
            p.applyWithBlock { _ in n += 1 }
            let b = p.boundingBoxOfPath
            return "path(\(n) elements in \(describeValue(b.isNull ? CGRect.zero : b)))"
        case let a as [Any]: return "[" + a.prefix(8).map(describeValue).joined(separator: ", ") + "]"
        default: return String(describing: v)
        }
    }
}

extension CAMLScene {
    /// `Plane.ca/main.caml` for a bundle's document, else the file name.
    static func shortName(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".ca") else { return escaped(String(parts.last ?? "")) }
        return escaped(parts.suffix(2).joined(separator: "/"))
    }
}

/// A number with up to 4 decimals, no trailing zeros.
func fmt(_ x: CGFloat) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    var s = String(format: "%.4f", Double(x))
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
