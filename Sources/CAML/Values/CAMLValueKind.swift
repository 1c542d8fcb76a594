/// What a layer key path holds, so an untyped attribute (`bounds="0 0 390 844"`) or a state value
/// without a type can be read. CAML itself carries no types for attributes: the reader knows
/// CALayer's properties (Apple's CALayer reference) and the struct fields of Apple's "Key Path
/// Support for Structures" (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
enum CAMLValueKind: Equatable {
    case number, bool, point, size, rect, color, transform, string, image

    /// The kind of `keyPath` on a CALayer, or nil for a key CALayer does not have.
    static func of(keyPath: String) -> CAMLValueKind? {
        if let k = layerKeys[keyPath] { return k }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        let head = String(keyPath[..<dot]), field = String(keyPath[keyPath.index(after: dot)...])
        switch layerKeys[head] {
        case .point?: return ["x", "y"].contains(field) ? .number : nil
        case .size?: return ["width", "height"].contains(field) ? .number : nil
        case .rect?:
            switch field {
            case "origin": return .point
            case "size": return .size
            case "origin.x", "origin.y", "size.width", "size.height": return .number
            default: return nil
            }
        case .transform?:
            if field == "translation" { return .size }
            let fields = ["rotation", "scale"] + ["rotation", "scale", "translation"].flatMap { f in
                ["x", "y", "z"].map { "\(f).\($0)" }
            }
            return fields.contains(field) ? .number : nil
        default: return nil
        }
    }

    /// Whether `key` (one component) is a CALayer property.
    static func isLayerKey(_ key: String) -> Bool { layerKeys[key] != nil }

    private static let layerKeys: [String: CAMLValueKind] = {
        var k: [String: CAMLValueKind] = [:]
        for key in ["bounds", "contentsRect", "contentsCenter", "frame"] { k[key] = .rect }
        for key in ["position", "anchorPoint"] { k[key] = .point }
        k["shadowOffset"] = .size
        for key in ["transform", "sublayerTransform"] { k[key] = .transform }
        for key in ["backgroundColor", "borderColor", "shadowColor"] { k[key] = .color }
        k["contents"] = .image
        for key in ["hidden", "doubleSided", "geometryFlipped", "opaque", "allowsGroupOpacity",
                    "allowsEdgeAntialiasing", "masksToBounds", "shouldRasterize", "drawsAsynchronously",
                    "needsDisplayOnBoundsChange", "autoreverses"] { k[key] = .bool }
        for key in ["zPosition", "anchorPointZ", "opacity", "rasterizationScale", "contentsScale",
                    "minificationFilterBias", "borderWidth", "cornerRadius", "shadowOpacity", "shadowRadius",
                    "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                    "edgeAntialiasingMask", "maskedCorners", "autoresizingMask"] { k[key] = .number }
        for key in ["name", "contentsGravity", "contentsFormat", "minificationFilter", "magnificationFilter",
                    "cornerCurve", "fillMode"] { k[key] = .string }
        return k
    }()
}
