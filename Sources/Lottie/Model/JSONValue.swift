import Foundation

/// A JSON value read leniently: Bodymovin files written by many exporters disagree on shapes (a
/// number or a one-element array, `1` or `true`), so the typed model (`LottieAnimation`) reads
/// its fields from this value and falls back instead of failing. It is `Decodable`, but files
/// are parsed with `JSONParser` (`parse(_:)`): decoding an untyped value through `JSONDecoder`
/// probes each type by throwing, and `JSONSerialization` builds a second tree to copy from.
/// Not `indirect`: arrays and objects already live on the heap, so numbers and strings are
/// stored inline rather than boxed one allocation each.
public enum JSONValue: Decodable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Parses JSON text (fragments allowed) with `JSONParser`. Nesting deeper than 512 is refused.
    /// Keyframe lists over `JSONParser.maximumKeyframes` are thinned (`LottieAnimation` warns).
    static func parse(_ data: Data) throws -> JSONValue { try JSONParser.parse(data).0 }

    subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// A number; a one-element array, a bool or a numeric string reads as its number.
    var number: Double? {
        switch self {
        case .number(let d): return d.isFinite ? d : nil
        case .bool(let b): return b ? 1 : 0
        case .string(let s): return Double(s).flatMap { $0.isFinite ? $0 : nil }
        case .array(let a) where a.count >= 1: return a[0].number
        default: return nil
        }
    }
    var int: Int? { number.flatMap { abs($0) < 1e15 ? Int($0) : nil } }
    var bool: Bool? { number.map { $0 != 0 } }
    var string: String? {
        switch self { case .string(let s): return s; case .number(let d): return String(d); default: return nil }
    }
    var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// A vector of numbers: an array of numbers, or one number as a one-element vector.
    var numbers: [Double]? {
        switch self {
        case .array(let a): let n = a.compactMap(\.number); return n.count == a.count ? n : nil
        case .number(let d): return d.isFinite ? [d] : nil
        default: return nil
        }
    }
}
