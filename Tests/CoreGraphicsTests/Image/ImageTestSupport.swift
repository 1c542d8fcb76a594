import Testing
@testable import CoreGraphics

/// Builders and readers shared by the image suites.
enum ImageFixture {
    /// An image over `bytes` through the public failable initializer (8 bits per component).
    static func image(width: Int, height: Int, bitsPerPixel: Int, bytesPerRow: Int? = nil,
                      space: CGColorSpace = CGColorSpaceCreateDeviceRGB(), info: CGBitmapInfo,
                      bytes: [UInt8]) -> CGImage? {
        CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                bytesPerRow: bytesPerRow ?? width * bitsPerPixel / 8, space: space, bitmapInfo: info,
                provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                intent: .defaultIntent)
    }

    /// The bytes of a file in Tests/CoreGraphicsTests/Fixtures.
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    /// A smooth `width`×`height` straight RGBA gradient with varying alpha.
    static func gradientRGBA(width: Int, height: Int, opaque: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                out += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                        UInt8((x + y) * 255 / max(1, width + height - 2)),
                        opaque ? 255 : UInt8(40 + (x * 7 + y * 3) % 200)]
            }
        }
        return out
    }

    /// A unique temporary file URL with `ext`, in the system temporary directory.
    static func temporaryURL(_ ext: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("cgimage-test-\(UUID().uuidString).\(ext)")
    }
}

extension CGImage {
    /// Same size and the same straight RGBA bytes.
    func pixelsEqual(_ other: CGImage) -> Bool {
        width == other.width && height == other.height && straightRGBA8() == other.straightRGBA8()
    }
}
