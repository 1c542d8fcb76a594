import QuartzCore

/// What a layer key path holds, so an untyped attribute (`bounds="0 0 390 844"`) or a state value
/// without a type can be read. CAML itself carries no types for attributes: the kinds come from
/// the layer class's property table (`CALayer.propertyInfo(forKey:)`, Apple's CALayer reference
/// and each subclass's) and the struct fields of Apple's "Key Path Support for Structures" (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
enum CAMLValueKind: Equatable {
    case number, bool, point, size, rect, color, transform, string, image
    /// A `CGPath` in `CAMLPathSyntax` (`CAShapeLayer.path`, `shadowPath`).
    case path
    /// A list of numbers, space-separated (`lineDashPattern="4 2"`).
    case numbers

    /// The kind of `keyPath` on a layer of class `cls`, or nil for a key the class does not have.
    static func of(keyPath: String, in cls: CALayer.Type = CALayer.self) -> CAMLValueKind? {
        if let k = kind(of: keyPath, in: cls) { return k }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        let head = String(keyPath[..<dot]), field = String(keyPath[keyPath.index(after: dot)...])
        switch kind(of: head, in: cls) {
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

    /// Whether `key` (one component) is a CALayer property CAML reads.
    static func isLayerKey(_ key: String) -> Bool { kind(of: key, in: CALayer.self) != nil }

    /// The kind of one property of `cls`'s table; nil for values CAML writes apart or not at
    /// all (filters, cells, dictionaries, tree links).
    private static func kind(of key: String, in cls: CALayer.Type) -> CAMLValueKind? {
        cls.propertyInfo(forKey: key).flatMap(kind(of:))
    }

    static func kind(of p: LayerPropertyInfo) -> CAMLValueKind? {
        switch p.type {
        case .number, .bitmask: .number
        case .bool: .bool
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .string, .text: .string
        case .contents: .image
        case .path: .path
        case .numbers: .numbers
        case .layer, .layerArray, .array, .dictionary, .actions, .delegate, .object: nil
        }
    }
}
