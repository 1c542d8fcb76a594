// The one place where values that arrive as `Any` (KVC, animations, CAML) become typed values.
//
// Apple code passes Swift numbers, CGFloat, Float, Bool, NSNumber, NSValue, CGPoint/CGSize/
// CGRect, CATransform3D, CGColor, CGPath… On Linux `NSNumber as? CGFloat`, `1.5 as Any as?
// CGFloat` and `NSValue as? CGPoint` are all nil, so every form is matched explicitly here.
// Following Apple's "Wrapping Conventions"
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html),
// values read back are boxed as Apple boxes them: NSNumber for numbers and Booleans, NSValue
// for points, sizes, rects and transforms.

/// Lets `unwrap` see through an `Optional` hidden inside `Any`.
private protocol AnyOptional { var wrappedAny: Any? { get } }
extension Optional: AnyOptional {
    fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}

enum ValueNormalizer {
    /// `value` with nested optionals removed; nil, `.none` and `NSNull` all become nil.
    static func unwrap(_ value: Any?) -> Any? {
        guard var v = value else { return nil }
        while let o = v as? AnyOptional {
            guard let inner = o.wrappedAny else { return nil }
            v = inner
        }
        return v is NSNull ? nil : v
    }

    /// A number from any Swift numeric type, Bool or NSNumber; nil for anything else.
    static func cgFloat(_ value: Any?) -> CGFloat? {
        switch unwrap(value) {
        case let x as CGFloat: x
        case let x as Double: CGFloat(x)
        case let x as Float: CGFloat(x)
        case let x as Int: CGFloat(x)
        case let x as Int8: CGFloat(x)
        case let x as Int16: CGFloat(x)
        case let x as Int32: CGFloat(x)
        case let x as Int64: CGFloat(x)
        case let x as UInt: CGFloat(x)
        case let x as UInt8: CGFloat(x)
        case let x as UInt16: CGFloat(x)
        case let x as UInt32: CGFloat(x)
        case let x as UInt64: CGFloat(x)
        case let x as Bool: x ? 1 : 0
        case let n as NSNumber: CGFloat(n.doubleValue)
        default: nil
        }
    }

    static func float(_ value: Any?) -> Float? { cgFloat(value).map { Float($0) } }

    /// A Boolean from Bool, NSNumber or any number (non-zero is true).
    static func bool(_ value: Any?) -> Bool? {
        switch unwrap(value) {
        case let b as Bool: b
        case let n as NSNumber: n.boolValue
        case let v: cgFloat(v).map { $0 != 0 }
        }
    }

    /// A non-negative whole number, for bit masks.
    static func mask(_ value: Any?) -> UInt? {
        guard let x = cgFloat(value), x >= 0, x == x.rounded(), x <= CGFloat(UInt32.max) else { return nil }
        return UInt(x)
    }

    /// The struct encoding of an NSValue (empty for NSNumber, whose scalars are not structs).
    private static func encoding(_ v: NSValue) -> String {
        v is NSNumber ? "" : String(cString: v.objCType)
    }

    static func point(_ value: Any?) -> CGPoint? {
        switch unwrap(value) {
        case let p as CGPoint: p
        case let v as NSValue where encoding(v).hasPrefix("{CGPoint"): v.pointValue
        default: nil
        }
    }

    static func size(_ value: Any?) -> CGSize? {
        switch unwrap(value) {
        case let s as CGSize: s
        case let v as NSValue where encoding(v).hasPrefix("{CGSize"): v.sizeValue
        default: nil
        }
    }

    static func rect(_ value: Any?) -> CGRect? {
        switch unwrap(value) {
        case let r as CGRect: r
        case let v as NSValue where encoding(v).hasPrefix("{CGRect"): v.rectValue
        default: nil
        }
    }

    /// A transform from CATransform3D, a boxed one, or a 2D `CGAffineTransform` (embedded with
    /// `CATransform3DMakeAffineTransform`).
    static func transform(_ value: Any?) -> CATransform3D? {
        switch unwrap(value) {
        case let t as CATransform3D: t
        case let a as CGAffineTransform: CATransform3DMakeAffineTransform(a)
        case let v as NSValue: v.transform3DIfBoxed ?? v.affineTransformIfBoxed.map(CATransform3DMakeAffineTransform)
        default: nil
        }
    }

    static func color(_ value: Any?) -> CGColor? { unwrap(value) as? CGColor }

    /// A path; a `CGMutablePath` is copied so later edits do not reach the layer.
    static func path(_ value: Any?) -> CGPath? {
        guard let p = unwrap(value) as? CGPath else { return nil }
        return p is CGMutablePath ? (p.copy() ?? p) : p
    }

    static func string(_ value: Any?) -> String? {
        switch unwrap(value) {
        case let s as String: s
        case let s as Substring: String(s)
        case let s as NSString: s as String
        default: nil
        }
    }

    /// A string-backed option (contentsGravity…) from itself or its raw string.
    static func rawString<T: RawRepresentable>(_ value: Any?, as: T.Type) -> T? where T.RawValue == String {
        let v = unwrap(value)
        if let t = v as? T { return t }
        return string(v).flatMap(T.init(rawValue:))
    }

    /// The form Apple's KVC returns for a value stored under a custom key: numbers and Booleans
    /// as NSNumber, points/sizes/rects/transforms as NSValue, everything else unchanged.
    static func boxed(_ value: Any?) -> Any? {
        switch unwrap(value) {
        case nil: return nil
        case let n as NSNumber: return n
        case let b as Bool: return NSNumber(value: b)
        case let x as Float: return NSNumber(value: x)
        case let p as CGPoint: return NSValue(point: p)
        case let s as CGSize: return NSValue(size: s)
        case let r as CGRect: return NSValue(rect: r)
        case let t as CATransform3D: return NSValue(caTransform3D: t)
        case let v?:
            if v is Double || v is CGFloat || v is Int || v is Int32 || v is Int64 || v is UInt
                || v is UInt32 || v is UInt64 || v is Int16 || v is Int8 || v is UInt16 || v is UInt8 {
                if let i = v as? Int { return NSNumber(value: i) }
                return cgFloat(v).map { NSNumber(value: Double($0)) }
            }
            return v
        }
    }

    /// A short description of a rejected value's type, for diagnostics.
    static func typeName(_ value: Any?) -> String {
        guard let v = unwrap(value) else { return "nil" }
        return String(describing: type(of: v))
    }
}

extension ValueNormalizer {
    /// `value` converted to `T` when it is one of the accepted forms of `T` (for example an
    /// NSNumber for a CGFloat, an NSValue for a CGPoint); nil otherwise.
    static func convert<T>(_ value: Any?, to: T.Type) -> T? {
        if let v = value as? T { return v }
        let converted: Any? = switch T.self {
        case is CGFloat.Type: cgFloat(value)
        case is Double.Type: cgFloat(value).map { Double($0) }
        case is Float.Type: float(value)
        case is Int.Type: cgFloat(value).flatMap { Int(exactly: $0.native) }
        case is Bool.Type: bool(value)
        case is CGPoint.Type: point(value)
        case is CGSize.Type: size(value)
        case is CGRect.Type: rect(value)
        case is CATransform3D.Type: transform(value)
        case is String.Type: string(value)
        default: nil
        }
        return converted as? T
    }
}
