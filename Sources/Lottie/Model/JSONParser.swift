import Foundation

/// A JSON reader (RFC 8259) from UTF-8 bytes straight into `JSONValue`s, one pass, no
/// intermediate tree. `JSONSerialization` built a Foundation tree (an object per number) that
/// was then copied into `JSONValue`s: two trees of a 10⁶-keyframe file at once were gigabytes.
/// Lenient where files in the wild are: a UTF-8 byte-order mark is skipped and invalid UTF-8 in
/// strings is repaired; strict about structure (trailing commas and garbage after the value are
/// errors). Nesting deeper than `maximumDepth` is refused. Bytes are compared with numeric
/// literals: `UInt8(ascii:)` is a call per byte in debug builds, where the tests parse 10⁶ keyframes.
struct JSONParser {
    static let maximumDepth = 512
    /// Keyframe lists longer than twice this are thinned (see `array`): one Lottie property
    /// with 10⁶ keyframes costs what one with 20,000 does. (The importer turns more than 10,000
    /// keyframes into sampled animations anyway: `AnimationFactory.maximumKeyframes`.)
    static let maximumKeyframes = 10_000

    struct Failure: Error, CustomStringConvertible {
        let message: String, offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// Each thinned keyframe list: how many keyframes the file had, how many were kept.
    private(set) var thinned: [(read: Int, kept: Int)] = []

    /// The value, and the keyframe lists that were thinned.
    static func parse(_ data: Data) throws(Failure) -> (JSONValue, thinned: [(read: Int, kept: Int)]) {
        do {
            return try data.withUnsafeBytes { raw in
                var p = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
                let v = try p.document()
                return (v, p.thinned)
            }
        } catch let f as Failure { throw f } catch { throw Failure(message: "\(error)", offset: 0) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func document() throws(Failure) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        let v = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected text after the JSON value") }
        return v
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: i) }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] { case 0x20, 0x09, 0x0A, 0x0D: i += 1; default: return }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("JSON nested deeper than \(Self.maximumDepth)") }
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[i] {
        case 0x7B /* { */: return try object(depth: depth)
        case 0x5B /* [ */: return try array(depth: depth)
        case 0x22 /* " */: return .string(try string())
        case 0x74 /* t */: try literal("true"); return .bool(true)
        case 0x66 /* f */: try literal("false"); return .bool(false)
        case 0x6E /* n */: try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("unexpected end of data") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw fail("invalid literal") }
        i += n
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var out: [String: JSONValue] = [:]
        skipSpace()
        if i < bytes.count && bytes[i] == 0x7D /* } */ { i += 1; return .object(out) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x22 /* " */ else { throw fail("expected a key string") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == 0x3A /* : */ else { throw fail("expected ':'") }
            i += 1
            out[key] = try value(depth: depth + 1)
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of data") }
            if bytes[i] == 0x2C /* , */ { i += 1; continue }
            if bytes[i] == 0x7D /* } */ { i += 1; return .object(out) }
            throw fail("expected ',' or '}'")
        }
    }

    /// An array. A list of keyframes (objects with a number `t`) longer than `maximumKeyframes`
    /// is thinned while it is read: every other kept keyframe is dropped each time the list
    /// reaches twice the limit, and the last one is always kept, so one list holds at most
    /// 2 × `maximumKeyframes` trees at any moment whatever the file's length.
    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        i += 1
        var out: [JSONValue] = []
        skipSpace()
        if i < bytes.count && bytes[i] == 0x5D /* ] */ { i += 1; return .array(out) }
        var keyframes: Bool?, seen = 0, stride = 1
        var dropped: JSONValue?
        while true {
            let v = try value(depth: depth + 1)
            // A keyframe's `t` is a number (a text layer's `t` is an object: layer lists are not thinned).
            if keyframes == nil { if case .number? = v["t"] { keyframes = true } else { keyframes = false } }
            if keyframes == true {
                if seen % stride == 0 { out.append(v); dropped = nil } else { dropped = v }
                seen += 1
                if out.count >= 2 * Self.maximumKeyframes {
                    out = Swift.stride(from: 0, to: out.count, by: 2).map { out[$0] }
                    stride *= 2
                }
            } else {
                out.append(v)
            }
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of data") }
            if bytes[i] == 0x2C /* , */ { i += 1; continue }
            if bytes[i] == 0x5D /* ] */ {
                i += 1
                if let dropped { out.append(dropped) }
                if stride > 1 { thinned.append((seen, out.count)) }
                return .array(out)
            }
            throw fail("expected ',' or ']'")
        }
    }

    /// A number as JSON spells it; the text is validated, then converted by `strtod` (correctly
    /// rounded). Out-of-range magnitudes become ±infinity, which `JSONValue.number` refuses.
    private mutating func number() throws(Failure) -> Double {
        let start = i, count = bytes.count
        let negative = i < count && bytes[i] == 0x2D /* - */
        if negative { i += 1 }
        // Integer digits, accumulated: short integers (most of a Lottie file) are exact in a
        // Double and need no strtod. No leading zeros: "0" stands alone before the fraction.
        var integer = 0.0, digitCount = 0
        if i < count && bytes[i] == 0x30 /* 0 */ {
            i += 1; digitCount = 1
        } else {
            while i < count, bytes[i] &- 0x30 < 10 { integer = integer * 10 + Double(bytes[i] &- 0x30); i += 1; digitCount += 1 }
            guard digitCount > 0 else { i = start; throw fail("invalid value") }
        }
        var exact = digitCount <= 15
        if i < count && bytes[i] == 0x2E /* . */ {
            i += 1
            let s = i
            while i < count, bytes[i] &- 0x30 < 10 { i += 1 }
            guard i > s else { throw fail("invalid number") }
            exact = false
        }
        if i < count && (bytes[i] | 0x20) == 0x65 /* e */ {
            i += 1
            if i < count && (bytes[i] == 0x2B /* + */ || bytes[i] == 0x2D /* - */) { i += 1 }
            let s = i
            while i < count, bytes[i] &- 0x30 < 10 { i += 1 }
            guard i > s else { throw fail("invalid number") }
            exact = false
        }
        if exact { return negative ? -integer : integer }
        // strtod needs a terminated copy; a number longer than the buffer keeps its first 255
        // characters' worth of precision, far beyond a Double's.
        let length = i - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buf in
            let n = min(length, 255)
            for k in 0..<n { buf[k] = CChar(bitPattern: bytes[start + k]) }
            buf[n] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 /* " */ {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == 0x5C /* \ */ { break }
            if b < 0x20 { throw fail("control character in a string") }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 /* " */ { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw fail("control character in a string") }
            guard b == 0x5C /* \ */ else { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case 0x22 /* " */, 0x5C /* \ */, 0x2F /* / */: out.append(e)
            case 0x62 /* b */: out.append(0x08)
            case 0x66 /* f */: out.append(0x0C)
            case 0x6E /* n */: out.append(0x0A)
            case 0x72 /* r */: out.append(0x0D)
            case 0x74 /* t */: out.append(0x09)
            case 0x75 /* u */:
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count,
                   bytes[i] == 0x5C /* \ */, bytes[i + 1] == 0x75 /* u */ {
                    let save = i
                    i += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) { scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00) }
                    else { i = save }
                }
                // A lone surrogate becomes U+FFFD, as invalid UTF-8 does.
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unexpected end of data") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x61...0x66: d = b - 0x61 + 10
            case 0x41...0x46: d = b - 0x41 + 10
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }
}
