import Foundation
import CoreGraphics
import QuartzCore

/// Table properties that are arrays of colours or numbers (`CAGradientLayer.colors`,
/// `locations`), written as `<key type="NSArray">` of typed values, as the reader reads them.
/// Arrays of other things (emitter cells) have their own writers and are skipped here.
extension CAMLDocumentWriter {
    func writeValueArrays(of layer: CALayer, label: String, into node: inout CAMLXMLNode) throws(CAMLWriteError) {
        for p in type(of: layer).propertyInfos where p.type == .array && !p.isTreeLink {
            guard let items = layer.value(forKey: p.key) as? [Any], !items.isEmpty,
                  items.allSatisfy({ $0 is CGColor || $0 is NSNumber }) else { continue }
            var list = CAMLXMLNode(p.key, [("type", "NSArray")])
            for (i, item) in items.enumerated() {
                if let n = try typedValue(item, what: "\(label) \(p.key)[\(i)]") { list.children.append(n) }
            }
            node.children.append(list)
        }
    }
}
