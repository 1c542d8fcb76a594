import Foundation

/// Reads a fuzzer's bytes as a stream of small choices, so one input drives a structured
/// sequence of calls (path operations, parser options). Past the end every read is zero, so
/// every input is a complete program.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A choice in `0..<count`.
    public mutating func choice(_ count: Int) -> Int { Int(byte()) % max(count, 1) }

    /// A coordinate: mostly small numbers on a grid (so shapes meet and overlap), sometimes the
    /// values that break geometry code: 0, huge, tiny, infinite, NaN, negative zero.
    public mutating func number() -> Double {
        let tag = byte()
        switch tag {
        case 0..<200: return Double(Int(byte()) - 128) + Double(byte()) / 256
        case 200..<210: return 0
        case 210..<220: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) * 1000
        case 220..<226: return 1e-9 * Double(byte())
        case 226..<230: return 1e300
        case 230..<234: return -1e300
        case 234..<238: return .infinity
        case 238..<240: return -.infinity
        case 240..<244: return .nan
        case 244..<246: return -0.0
        default:
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
            return Double(bitPattern: raw)
        }
    }
}
