/// A property value in the typed form animations interpolate. Built from the boxed values
/// animations carry (`Any`: NSNumber, NSValue, CGPoint, CGColor…) through `ValueNormalizer`.
enum AnimValue {
    case number(CGFloat)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    /// nil stands for "no colour", which interpolates as transparent black.
    case color(CGColor?)
    case path(CGPath?)
    /// Anything else switches discretely.
    case other(Any?)

    enum Kind { case number, point, size, rect, transform, color, path, array, other }

    /// The kind a live value has (for fields and custom keys, which have no table row).
    static func kind(of value: Any?) -> Kind {
        let v = ValueNormalizer.unwrap(value)
        if v is CGColor { return .color }
        if v is CGPath { return .path }
        if v is CATransform3D || v is CGAffineTransform { return .transform }
        guard let v else { return .other }
        // Exact type tests: on Linux an NSNumber also answers `is Bool`.
        if type(of: v) == Bool.self { return .other }
        if v is NSNumber || ValueNormalizer.cgFloat(v) != nil && !(v is NSValue) { return .number }
        if ValueNormalizer.point(v) != nil { return .point }
        if ValueNormalizer.size(v) != nil { return .size }
        if ValueNormalizer.rect(v) != nil { return .rect }
        if ValueNormalizer.transform(v) != nil { return .transform }
        return .other
    }

    /// The kind of a table property, from its interpolation and value type.
    static func kind(of d: PropertyDescriptor) -> Kind {
        switch d.interpolation {
        case .discrete: return .other
        case .transform: return .transform
        case .color: return .color
        case .path: return .path
        case .elementwise: return .array
        case .linear:
            switch d.type {
            case .point: return .point
            case .size: return .size
            case .rect: return .rect
            default: return .number
            }
        }
    }

    /// `value` read as `kind`; nil when it is not a value of that kind (the animation then has
    /// no effect, as Core Animation ignores animations whose values do not fit the property).
    init?(_ value: Any?, as kind: Kind) {
        switch kind {
        case .number: guard let x = ValueNormalizer.cgFloat(value) else { return nil }; self = .number(x)
        case .point: guard let p = ValueNormalizer.point(value) else { return nil }; self = .point(p)
        case .size: guard let s = ValueNormalizer.size(value) else { return nil }; self = .size(s)
        case .rect: guard let r = ValueNormalizer.rect(value) else { return nil }; self = .rect(r)
        case .transform: guard let t = ValueNormalizer.transform(value) else { return nil }; self = .transform(t)
        case .color:
            let u = ValueNormalizer.unwrap(value)
            if u == nil { self = .color(nil); return }
            guard let c = u as? CGColor else { return nil }
            self = .color(c)
        case .path:
            let u = ValueNormalizer.unwrap(value)
            if u == nil { self = .path(nil); return }
            guard let p = ValueNormalizer.path(u) else { return nil }
            self = .path(p)
        case .other, .array: self = .other(value)
        }
    }

    /// The value in the form the property setters and `applyToState` accept.
    var boxed: Any? {
        switch self {
        case .number(let x): return x
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color(let c): return c
        case .path(let p): return p
        case .other(let v): return v
        }
    }
}
