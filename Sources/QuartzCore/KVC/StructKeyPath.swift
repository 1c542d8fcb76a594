// The struct fields Core Animation adds to key-value coding, per Apple's "Key Path Support for
// Structures" tables
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html):
//
// - CGPoint: `x`, `y`. CGSize: `width`, `height`.
// - CGRect: `origin`, `origin.x`, `origin.y`, `size`, `size.width`, `size.height`.
// - CATransform3D: `rotation.x|y|z` (radians), `rotation` (= `rotation.z`), `scale.x|y|z`,
//   `scale` (reads the average of the three, sets all three), `translation.x|y|z`, and
//   `translation` (an NSValue of a CGSize: x and y).
//
// Transform fields read from and write into the decomposition (`TransformComponents`): setting
// `rotation.z` replaces the rotation about z and keeps translation, scale, skew, perspective and
// the other rotation angles. Rotation angles are Euler angles applied about x, then y, then z.
// A transform that cannot be decomposed (a zero scale) is treated as a pure translation.

enum StructKeyPath {
    /// The field `field` of a point, size, rect or transform value, boxed (NSNumber/NSValue);
    /// nil when `base` is no such value or has no such field.
    static func value(of base: Any?, field: String) -> Any? {
        if let cells = base as? [CAEmitterCell] { return EmitterCellKeyPath.value(cells, field) }   // Layer/Emitter
        if let v = CAFilter.keyPathValue(in: base, field: field) { return v }   // CAFilter+KeyPath
        if let t = ValueNormalizer.transform(base) {
            return transformField(t, field)
        }
        if let r = ValueNormalizer.rect(base) {
            switch field {
            case "origin": return NSValue(point: r.origin)
            case "size": return NSValue(size: r.size)
            case "origin.x": return number(r.origin.x)
            case "origin.y": return number(r.origin.y)
            case "size.width": return number(r.size.width)
            case "size.height": return number(r.size.height)
            default: return nil
            }
        }
        if let p = ValueNormalizer.point(base) {
            switch field { case "x": return number(p.x); case "y": return number(p.y); default: return nil }
        }
        if let s = ValueNormalizer.size(base) {
            switch field { case "width": return number(s.width); case "height": return number(s.height); default: return nil }
        }
        return nil
    }

    /// `base` with `field` set to `value`, boxed for `setValue(_:forKey:)` of the first key.
    static func setting(field: String, of base: Any?, to value: Any?, keyPath: String) throws(CALayerDiagnostic) -> Any {
        func scalar() throws(CALayerDiagnostic) -> CGFloat {
            guard let x = ValueNormalizer.cgFloat(value) else { throw CALayerDiagnostic.cannotSet(keyPath, to: value, expected: "a number") }
            return x
        }
        func bad() -> CALayerDiagnostic {
            CALayerDiagnostic(.invalidKeyPath, key: keyPath, "'\(keyPath)' names no field of \(ValueNormalizer.typeName(base))")
        }
        if let cells = base as? [CAEmitterCell] {   // Layer/Emitter
            return try EmitterCellKeyPath.setting(cells, field, to: value, keyPath: keyPath)
        }
        if let list = CAFilter.settingKeyPath(in: base, field: field, to: value) { return list }
        if let t = ValueNormalizer.transform(base) {
            return NSValue(caTransform3D: try settingTransformField(t, field, value, keyPath: keyPath))
        }
        if var r = ValueNormalizer.rect(base) {
            switch field {
            case "origin.x": r.origin.x = try scalar()
            case "origin.y": r.origin.y = try scalar()
            case "size.width": r.size.width = try scalar()
            case "size.height": r.size.height = try scalar()
            case "origin":
                guard let p = ValueNormalizer.point(value) else { throw wrongStruct(keyPath, value, "a CGPoint") }
                r.origin = p
            case "size":
                guard let s = ValueNormalizer.size(value) else { throw wrongStruct(keyPath, value, "a CGSize") }
                r.size = s
            default: throw bad()
            }
            return NSValue(rect: r)
        }
        if var p = ValueNormalizer.point(base) {
            switch field { case "x": p.x = try scalar(); case "y": p.y = try scalar(); default: throw bad() }
            return NSValue(point: p)
        }
        if var s = ValueNormalizer.size(base) {
            switch field { case "width": s.width = try scalar(); case "height": s.height = try scalar(); default: throw bad() }
            return NSValue(size: s)
        }
        throw bad()
    }

    private static func number(_ x: CGFloat) -> NSNumber { NSNumber(value: Double(x)) }

    private static func wrongStruct(_ keyPath: String, _ value: Any?, _ expected: String) -> CALayerDiagnostic {
        CALayerDiagnostic.cannotSet(keyPath, to: value, expected: expected)
    }

    /// The decomposition, or a pure translation when the matrix cannot be decomposed.
    static func components(_ t: CATransform3D) -> TransformComponents {
        if let c = t.decomposed() { return c }
        var c = TransformComponents()
        c.translation = (t.m41.isFinite ? t.m41 : 0, t.m42.isFinite ? t.m42 : 0, t.m43.isFinite ? t.m43 : 0)
        return c
    }

    private static func transformField(_ t: CATransform3D, _ field: String) -> Any? {
        let c = components(t)
        let e = c.rotation.euler
        switch field {
        case "rotation.x": return number(e.x)
        case "rotation.y": return number(e.y)
        case "rotation.z", "rotation": return number(e.z)
        case "scale.x": return number(c.scale.x)
        case "scale.y": return number(c.scale.y)
        case "scale.z": return number(c.scale.z)
        case "scale": return number((c.scale.x + c.scale.y + c.scale.z) / 3)
        case "translation.x": return number(c.translation.x)
        case "translation.y": return number(c.translation.y)
        case "translation.z": return number(c.translation.z)
        case "translation": return NSValue(size: CGSize(width: c.translation.x, height: c.translation.y))
        default: return nil
        }
    }

    private static func settingTransformField(_ t: CATransform3D, _ field: String, _ value: Any?,
                                              keyPath: String) throws(CALayerDiagnostic) -> CATransform3D {
        var c = components(t)
        if field == "translation" {
            guard let s = ValueNormalizer.size(value) else { throw wrongStruct(keyPath, value, "a CGSize") }
            c.translation.x = s.width; c.translation.y = s.height
            return c.matrix
        }
        guard let x = ValueNormalizer.cgFloat(value) else { throw CALayerDiagnostic.cannotSet(keyPath, to: value, expected: "a number") }
        var e = c.rotation.euler
        switch field {
        case "rotation.x": e.x = x; c.rotation = Quaternion(euler: e)
        case "rotation.y": e.y = x; c.rotation = Quaternion(euler: e)
        case "rotation.z", "rotation": e.z = x; c.rotation = Quaternion(euler: e)
        case "scale.x": c.scale.x = x
        case "scale.y": c.scale.y = x
        case "scale.z": c.scale.z = x
        case "scale": c.scale = (x, x, x)
        case "translation.x": c.translation.x = x
        case "translation.y": c.translation.y = x
        case "translation.z": c.translation.z = x
        default:
            throw CALayerDiagnostic(.invalidKeyPath, key: keyPath, "'\(keyPath)' names no field of CATransform3D")
        }
        return c.matrix
    }
}
