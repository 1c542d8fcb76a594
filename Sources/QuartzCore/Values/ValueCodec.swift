/// The broad type of a layer property, as the property table records it (CAML reading and
/// writing and the animation compiler read it).
package enum ValueType: String, Sendable {
    case number, bool, point, size, rect, transform, color, path, string, bitmask
    /// A list of numbers (`CAShapeLayer.lineDashPattern`).
    case numbers
    case layer, layerArray, array, dictionary, actions, delegate, object
    /// A layer's `contents` (an image, or any object).
    case contents
    /// Free text or a font given by name (`CATextLayer.string`, `font`): read as a string;
    /// CAML writes it as a typed `<key type="string" value="…"/>` element, as editors do.
    case text
}

/// Converts between `Any` (KVC's currency) and a property's Swift type `V`.
/// `decode` returns nil to reject a value; `encode` gives Apple's boxed form.
struct ValueCodec<V>: Sendable {
    let type: ValueType
    /// What is expected, for diagnostics ("a number", "a CGPoint or NSValue"…).
    let expected: String
    let decode: @Sendable (Any?) -> V?
    let encode: @Sendable (V) -> Any?
}

extension ValueCodec {
    /// The same codec for an optional property: nil (or NSNull) decodes to `.some(nil)`.
    func optional() -> ValueCodec<V?> {
        let decode = self.decode, encode = self.encode
        return ValueCodec<V?>(type: type, expected: expected + " or nil",
                   decode: { v in
                                  guard let u = ValueNormalizer.unwrap(v) else { return .some(nil) }
                                  return decode(u).map { .some($0) }
                              },
                   encode: { $0.flatMap(encode) })
    }
}

extension ValueCodec where V == CGFloat {
    static var cgFloat: ValueCodec {
        ValueCodec(type: .number, expected: "a number",
                   decode: ValueNormalizer.cgFloat,
                   encode: { NSNumber(value: Double($0)) })
    }
}

extension ValueCodec where V == Double {
    /// Seconds and other Double-typed values (CFTimeInterval).
    static var double: ValueCodec {
        ValueCodec(type: .number, expected: "a number",
                   decode: { ValueNormalizer.cgFloat($0).map { Double($0) } },
                   encode: { NSNumber(value: $0) })
    }
}

extension ValueCodec where V == Float {
    static var float: ValueCodec {
        ValueCodec(type: .number, expected: "a number",
                   decode: ValueNormalizer.float, encode: { NSNumber(value: $0) })
    }
}

extension ValueCodec where V == Int {
    /// A whole number (counts such as `CATiledLayer.levelsOfDetail`); a fractional or
    /// non-finite number, or one past Int's range, is rejected.
    static var int: ValueCodec {
        ValueCodec(type: .number, expected: "a whole number",
                   decode: { v in
                       guard let x = ValueNormalizer.cgFloat(v).map(Double.init), x.isFinite, x.rounded() == x,
                             abs(x) < 9.0e18 else { return nil }
                       return Int(x)
                   },
                   encode: { NSNumber(value: $0) })
    }
}

extension ValueCodec where V == Bool {
    static var bool: ValueCodec {
        ValueCodec(type: .bool, expected: "a Bool or number",
                   decode: ValueNormalizer.bool, encode: { NSNumber(value: $0) })
    }
}

extension ValueCodec where V == CGPoint {
    static var point: ValueCodec {
        ValueCodec(type: .point, expected: "a CGPoint or NSValue(point:)",
                   decode: ValueNormalizer.point, encode: { NSValue(point: $0) })
    }
}

extension ValueCodec where V == CGSize {
    static var size: ValueCodec {
        ValueCodec(type: .size, expected: "a CGSize or NSValue(size:)",
                   decode: ValueNormalizer.size, encode: { NSValue(size: $0) })
    }
}

extension ValueCodec where V == CGRect {
    static var rect: ValueCodec {
        ValueCodec(type: .rect, expected: "a CGRect or NSValue(rect:)",
                   decode: ValueNormalizer.rect, encode: { NSValue(rect: $0) })
    }
}

extension ValueCodec where V == CATransform3D {
    static var transform: ValueCodec {
        ValueCodec(type: .transform,
                   expected: "a CATransform3D, NSValue(caTransform3D:) or CGAffineTransform",
                   decode: ValueNormalizer.transform,
                   encode: { NSValue(caTransform3D: $0) })
    }
}

extension ValueCodec where V == CGColor {
    static var color: ValueCodec {
        ValueCodec(type: .color, expected: "a CGColor",
                   decode: ValueNormalizer.color, encode: { $0 })
    }
}

extension ValueCodec where V == CGPath {
    static var path: ValueCodec {
        ValueCodec(type: .path, expected: "a CGPath",
                   decode: ValueNormalizer.path, encode: { $0 })
    }
}

extension ValueCodec where V == String {
    static var string: ValueCodec {
        ValueCodec(type: .string, expected: "a String",
                   decode: ValueNormalizer.string, encode: { $0 })
    }
}

extension ValueCodec where V: RawRepresentable & Sendable, V.RawValue == String {
    /// A string-backed option type; reads back as its raw String, as Apple's NSString constants.
    static var rawString: ValueCodec<V> {
        ValueCodec(type: .string, expected: "a \(V.self) or its raw String",
                   decode: { ValueNormalizer.rawString($0, as: V.self) }, encode: { $0.rawValue })
    }
}

extension ValueCodec where V: OptionSet & Sendable, V.RawValue: FixedWidthInteger {
    /// A bit mask; reads back as an NSNumber of its raw value.
    static var bitmask: ValueCodec<V> {
        ValueCodec(type: .bitmask, expected: "a \(V.self) or a non-negative whole number",
                   decode: { v in
                       if let m = ValueNormalizer.unwrap(v) as? V { return m }
                       return ValueNormalizer.mask(v).map { V(rawValue: V.RawValue(truncatingIfNeeded: $0)) }
                   },
                   encode: { NSNumber(value: UInt64($0.rawValue)) })
    }
}

extension ValueCodec where V == Any {
    /// Any object at all (`contents`, `compositingFilter`): stored as given.
    static var object: ValueCodec {
        ValueCodec(type: .object, expected: "any value",
                   decode: { ValueNormalizer.unwrap($0) }, encode: { $0 })
    }
}

extension ValueCodec where V == Any {
    /// `contents`: any object, stored as given (images are drawn; Apple ignores the rest).
    static var contents: ValueCodec {
        ValueCodec(type: .contents, expected: "any value",
                   decode: { ValueNormalizer.unwrap($0) }, encode: { $0 })
    }
}

extension ValueCodec where V == [Any] {
    static var array: ValueCodec {
        ValueCodec(type: .array, expected: "an array",
                   decode: { ValueNormalizer.unwrap($0) as? [Any] }, encode: { $0 })
    }
}
