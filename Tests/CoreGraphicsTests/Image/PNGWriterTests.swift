import Testing
import Foundation
@testable import CoreGraphics

/// `PNGWriter`: files libpng reads back exactly for every channel layout and size (libpng checks
/// each chunk's CRC and the zlib stream), the chunks in PNG's order, and the same bytes for the
/// same pixels on every run (frame sequences must be reproducible).
@Suite("PNG writer")
struct PNGWriterTests {
    /// Pseudo-random bytes (a fixed LCG), so the test data is the same on every run.
    static func noise(_ n: Int, seed: UInt32) -> [UInt8] {
        var s = seed
        return (0..<n).map { _ in s = s &* 1_664_525 &+ 1_013_904_223; return UInt8(s >> 24) }
    }

    @Test(arguments: [(1, 1), (1, 7), (3, 1), (5, 4), (37, 23), (300, 2)])
    func everyLayoutReadsBackExactly(size: (Int, Int)) throws {
        let (w, h) = size
        for channels in 1...4 {
            let pixels = Self.noise(w * h * channels, seed: UInt32(w * 31 + h * 7 + channels))
            let png = try pixels.withUnsafeBytes { try PNGWriter.encode($0, width: w, height: h, channels: channels) }
            let image = try CGImage.decode(from: png)
            #expect(image.width == w && image.height == h)
            let expected: [UInt8] = stride(from: 0, to: pixels.count, by: channels).flatMap { i -> [UInt8] in
                let p = Array(pixels[i..<i + channels])
                switch channels {
                case 1: return [p[0], p[0], p[0], 255]
                case 2: return [p[0], p[0], p[0], p[1]]
                case 3: return p + [255]
                default: return p
                }
            }
            #expect([UInt8](image.straightRGBA8()) == expected, "\(w)×\(h), \(channels) channels")
        }
    }

    @Test func chunksAreInOrderAndTheBytesRepeat() throws {
        let pixels = Self.noise(64 * 64 * 4, seed: 9)
        let a = try pixels.withUnsafeBytes { try PNGWriter.encode($0, width: 64, height: 64, channels: 4) }
        let b = try pixels.withUnsafeBytes { try PNGWriter.encode($0, width: 64, height: 64, channels: 4) }
        #expect(a == b)
        #expect(Array(a.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var types: [String] = [], offset = 8
        let bytes = [UInt8](a)
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(types == ["IHDR", "sRGB", "IDAT", "IEND"] && offset == bytes.count)
        #expect(Array(bytes[16..<29]) == [0, 0, 0, 64, 0, 0, 0, 64, 8, 6, 0, 0, 0])   // IHDR: 64×64, 8-bit RGBA
    }

    @Test func aFlatImageCompressesToAlmostNothing() throws {
        let pixels = [UInt8](repeating: 200, count: 1000 * 1000 * 3)
        let png = try pixels.withUnsafeBytes { try PNGWriter.encode($0, width: 1000, height: 1000, channels: 3) }
        #expect(png.count < 6_000)
    }

    @Test func nothingToWriteIsAnError() {
        let none: [UInt8] = []
        #expect(throws: CGImageEncodingError.self) {
            try none.withUnsafeBytes { try PNGWriter.encode($0, width: 0, height: 0, channels: 4) }
        }
        #expect(throws: CGImageEncodingError.self) {
            try [UInt8](repeating: 0, count: 3).withUnsafeBytes { try PNGWriter.encode($0, width: 2, height: 2, channels: 4) }
        }
    }
}
