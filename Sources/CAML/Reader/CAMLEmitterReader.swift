import Foundation
import QuartzCore

/// Emitters: `<CAEmitterLayer emitterPosition="160 240" emitterShape="line" renderMode="additive" …>`
/// with `<emitterCells>` holding `<CAEmitterCell name="spark" birthRate="40" lifetime="2"
/// velocity="120" emissionRange="0.5" color="1 0.6 0.2" …>` elements. A cell's attributes are
/// its properties (Apple's `CAEmitterCell` keys, `enabled` for `isEnabled`); its children are
/// `<contents src="spark.png"/>` (as a layer's), property elements such as
/// `<color value="1 0 0" opacity="0.5"/>`, and nested `<emitterCells>`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayer,
/// https://developer.apple.com/documentation/quartzcore/caemittercell).
extension CAMLDocumentReader {
    static func emitterCellKind(_ key: String) -> CAMLValueKind? {
        switch key {
        case "name", "minificationFilter", "magnificationFilter", "fillMode": return .string
        case "enabled", "isEnabled", "autoreverses": return .bool
        case "contentsRect": return .rect
        case "color": return .color
        case "contents": return .image
        case "emitterCells", "style": return nil
        default: return CAEmitterCell.defaultValue(forKey: key) is NSNumber ? .number : nil
        }
    }

    /// `<emitterCells>`: the cells of an emitter layer (or of a cell).
    func readEmitterCells(_ e: CAMLElement, depth: Int) -> [CAEmitterCell] {
        var cells: [CAEmitterCell] = []
        for c in e.children {
            guard c.name == "CAEmitterCell" else {
                context.warn(c, "<\(c.name)> in <emitterCells> skipped: expected <CAEmitterCell>")
                continue
            }
            cells.append(readEmitterCell(c, depth: depth))
        }
        return cells
    }

    private func readEmitterCell(_ e: CAMLElement, depth: Int) -> CAEmitterCell {
        let cell = CAEmitterCell()
        for a in e.attributes where a.name != "id" && a.name != "xmlns" && !a.name.hasPrefix("xmlns:") {
            guard let kind = Self.emitterCellKind(a.name) else {
                context.warn(e, "unknown emitter cell attribute '\(a.name)' skipped")
                continue
            }
            if let v = context.scalar(a.value, kind: kind, at: e, key: a.name) { set(v, a.name, on: cell, at: e) }
        }
        for c in e.children {
            switch c.name {
            case "emitterCells":
                guard depth < 8 else { context.warn(c, "emitter cells nested too deep; skipped"); continue }
                cell.emitterCells = readEmitterCells(c, depth: depth + 1)
            case "contents":
                let inner = c.children.first ?? c
                let v = inner === c && c["type"] == nil ? context.imageValue(c) : context.typedValue(inner)
                if let v { set(v, "contents", on: cell, at: c) }
            default:
                guard let kind = Self.emitterCellKind(c.name) else {
                    context.warn(c, "unknown element <\(c.name)> in <CAEmitterCell> skipped")
                    continue
                }
                let v: Any?
                if c["type"] != nil {
                    v = context.typedValue(c, hint: kind)
                } else if let inner = c.children.first {
                    v = context.typedValue(inner, hint: kind)
                } else if kind == .color {
                    v = context.typedValue(CAMLElement(name: "CGColor", attributes: c.attributes, line: c.line, column: c.column))
                } else if let raw = c["value"] ?? (c.text.isEmpty ? nil : c.text) {
                    v = context.scalar(raw, kind: kind, at: c, key: c.name)
                } else {
                    v = nil
                    context.warn(c, "<\(c.name)> has no value")
                }
                if let v { set(v, c.name, on: cell, at: c) }
            }
        }
        return cell
    }

    private func set(_ value: Any, _ key: String, on cell: CAEmitterCell, at e: CAMLElement) {
        context.capturingDiagnostics(at: e) { cell.setValue(value, forKey: key) }
    }
}
