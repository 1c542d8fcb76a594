import Foundation
import CoreGraphics
import QuartzCore

/// The layer properties written as attributes, read from the layer class's property table
/// (`CALayer.propertyInfos`: CALayer's rows and a subclass's own, such as CAEmitterLayer's), each
/// with its text form. A property is written when its text differs from that of Apple's default
/// as the table gives it (`CALayer.defaultValue(forKey:)`,
/// https://developer.apple.com/documentation/quartzcore/calayer/defaultvalue(forkey:)) — so
/// files stay as short as an editor's. Colours and `contents` are handled apart (they may be nil).
///
/// The kinds are the ones the reader knows (`CAMLValueKind`); derived properties (`frame`) and
/// tree links are never written. Order: `name` first, then the table's (geometry first), as
/// editors write them.
enum CAMLLayerAttributes {
    /// The scalar properties of `cls` (numbers, Booleans, geometry, transforms, strings).
    static func scalars(of cls: CALayer.Type) -> [(info: LayerPropertyInfo, kind: CAMLValueKind)] {
        let rows = cls.propertyInfos.compactMap { p -> (LayerPropertyInfo, CAMLValueKind)? in
            guard !p.isDerived, !p.isTreeLink, p.type != .text, let k = CAMLValueKind.kind(of: p), k != .color,
                  k != .image else { return nil }
            return (p, k)
        }
        return rows.filter { $0.0.key == "name" } + rows.filter { $0.0.key != "name" }
    }

    /// The colour properties of `cls`: written as attributes (`"r g b [a]"`), or as
    /// `<key type="NSNull"/>` when nil where the default is a colour (`shadowColor`).
    static func colors(of cls: CALayer.Type) -> [LayerPropertyInfo] {
        cls.propertyInfos.filter { !$0.isDerived && CAMLValueKind.kind(of: $0) == .color }
    }

    /// The free-text properties of `cls` (`CATextLayer.string`, `font`), written as typed
    /// elements (`<string type="string" value="…"/>`), as CAPlayground writes them.
    static func texts(of cls: CALayer.Type) -> [LayerPropertyInfo] {
        cls.propertyInfos.filter { !$0.isDerived && $0.type == .text }
    }

    /// The attribute text of a value boxed as KVC boxes it; nil when it has none (nil, or not
    /// finite).
    static func text(_ v: Any?, _ p: LayerPropertyInfo, _ kind: CAMLValueKind) -> String? {
        switch kind {
        case .number:
            guard let n = v as? NSNumber else { return nil }
            if p.type == .bitmask { return String(n.uint64Value) }
            switch String(cString: n.objCType) {
            case "f": return CAMLFormat.number(n.floatValue)
            case "d": return CAMLFormat.number(n.doubleValue)
            default: return CAMLFormat.integer(n.int64Value)
            }
        case .bool: return (v as? NSNumber).map { CAMLFormat.bool($0.boolValue) }
        case .point: return (v as? NSValue).flatMap { CAMLFormat.point($0.pointValue) }
        case .size: return (v as? NSValue).flatMap { CAMLFormat.size($0.sizeValue) }
        case .rect: return (v as? NSValue).flatMap { CAMLFormat.rect($0.rectValue) }
        case .transform: return (v as? NSValue).flatMap { CAMLFormat.transform($0.caTransform3DValue) }
        case .string: return v as? String
        case .path: return (v as? CGPath).map(CAMLPathSyntax.text)
        case .numbers:
            guard let xs = v as? [NSNumber], !xs.isEmpty else { return nil }
            let parts = xs.compactMap { CAMLFormat.number($0.doubleValue) }
            return parts.count == xs.count ? parts.joined(separator: " ") : nil
        case .color, .image: return nil
        }
    }
}
