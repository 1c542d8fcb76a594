import Foundation
import CoreGraphics
import QuartzCore

/// Emitters written back as the reader reads them (`CAMLEmitterReader.swift`): a
/// `CAEmitterLayer`'s own properties are attributes like CALayer's (`CAMLLayerAttributes`), and
/// `<emitterCells>` of `<CAEmitterCell>` elements (properties that differ from a new cell's as
/// attributes, `color` as an attribute, `contents` as `<contents><CGImage src=…/></contents>`,
/// sub-cells nested).
extension CAMLDocumentWriter {
    /// Adds the emitter's cells to `node` (its own properties are attributes from its table,
    /// as CALayer's are).
    func writeEmitter(_ e: CAEmitterLayer, label: String, into node: inout CAMLXMLNode) throws(CAMLWriteError) {
        if let cells = e.emitterCells, !cells.isEmpty {
            node.children.append(try cellsNode(cells, label: label, depth: 0))
        }
    }

    private func cellsNode(_ cells: [CAEmitterCell], label: String, depth: Int) throws(CAMLWriteError) -> CAMLXMLNode {
        var list = CAMLXMLNode("emitterCells")
        guard depth < 8 else { warn("\(label): emitter cells nested more than 8 deep left out"); return list }
        for cell in cells { list.children.append(try cellNode(cell, label: label, depth: depth)) }
        return list
    }

    private func cellNode(_ cell: CAEmitterCell, label: String, depth: Int) throws(CAMLWriteError) -> CAMLXMLNode {
        var node = CAMLXMLNode("CAEmitterCell")
        let what = "\(label) emitter cell" + (cell.name.map { " '\($0)'" } ?? "")
        for key in CAEmitterCell.keys where !["contents", "color", "style"].contains(key) {
            let mine = cell.value(forKey: key)
            guard let t = Self.cellText(mine) else {
                if mine != nil { warn("\(what): \(key) is not finite; left out") }
                continue
            }
            if t != Self.cellText(CAEmitterCell.defaultValue(forKey: key)) { node.set(key, text(t, what: what)) }
        }
        if let c = cell.color {
            if let t = color(c, what: "\(what) color"), t != "1 1 1" { node.set("color", t) }
        } else {
            node.children.append(CAMLXMLNode("color", [("type", "NSNull")]))
        }
        if let contents = cell.contents {
            if let image = contents as? CGImage {
                node.children.append(CAMLXMLNode("contents", children: [
                    CAMLXMLNode("CGImage", [("src", try assets.source(for: image))])]))
            } else {
                warn("\(what): contents of type \(type(of: contents)) have no CAML form; left out")
            }
        }
        if let subs = cell.emitterCells, !subs.isEmpty {
            node.children.append(try cellsNode(subs, label: label, depth: depth + 1))
        }
        return node
    }

    /// The attribute text of a boxed cell value (numbers, Booleans, strings, rects).
    private static func cellText(_ v: Any?) -> String? {
        switch v {
        case let n as NSNumber: return CAMLFormat.number(n.doubleValue)
        case let s as String: return s
        case let r as NSValue: return CAMLFormat.rect(r.rectValue)
        case let r as CGRect: return CAMLFormat.rect(r)
        default: return nil
        }
    }
}
