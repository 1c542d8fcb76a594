import Testing
@testable import CoreGraphics
import CQuartzCairo

/// The premultiplied ARGB32 (or A8) cairo surface made from each layout. Expected words are
/// hand-computed: straight (200, 100, 50, α 77) premultiplies to round(c·77/255) = (60, 30, 15).
@Suite("CGImage cairo conversion")
struct CGImageCairoTests {
    /// The surface's pixel at (x, y) as a native-endian 0xAARRGGBB word.
    func word(_ image: CGImage, _ x: Int, _ y: Int) throws -> UInt32 {
        let surface = try #require(image.cairoSurface)
        #expect(cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data + y * stride + 4 * x).loadUnaligned(as: UInt32.self)
    }

    struct Case: Sendable, CustomStringConvertible {
        var alpha: CGImageAlphaInfo, order: CGImageByteOrderInfo, bytes: [UInt8], expected: UInt32
        var description: String { "\(alpha) \(order)" }
    }

    static let rgbaCases: [Case] = [
        Case(alpha: .last, order: .orderDefault, bytes: [200, 100, 50, 77], expected: 0x4D3C1E0F),
        Case(alpha: .last, order: .order32Big, bytes: [200, 100, 50, 77], expected: 0x4D3C1E0F),
        Case(alpha: .first, order: .orderDefault, bytes: [77, 200, 100, 50], expected: 0x4D3C1E0F),
        Case(alpha: .first, order: .order32Little, bytes: [50, 100, 200, 77], expected: 0x4D3C1E0F),
        Case(alpha: .last, order: .order32Little, bytes: [77, 50, 100, 200], expected: 0x4D3C1E0F),
        Case(alpha: .premultipliedLast, order: .orderDefault, bytes: [60, 30, 15, 77], expected: 0x4D3C1E0F),
        Case(alpha: .premultipliedFirst, order: .order32Little, bytes: [15, 30, 60, 77], expected: 0x4D3C1E0F),
        Case(alpha: .premultipliedFirst, order: .order32Big, bytes: [77, 60, 30, 15], expected: 0x4D3C1E0F),
        // Premultiplied colour above alpha is invalid; it is clamped to alpha.
        Case(alpha: .premultipliedLast, order: .orderDefault, bytes: [200, 30, 15, 77], expected: 0x4D4D1E0F),
        Case(alpha: .noneSkipLast, order: .orderDefault, bytes: [200, 100, 50, 77], expected: 0xFFC86432),
        Case(alpha: .noneSkipFirst, order: .order32Little, bytes: [50, 100, 200, 77], expected: 0xFFC86432),
        Case(alpha: .last, order: .orderDefault, bytes: [200, 100, 50, 0], expected: 0),
    ]

    @Test(arguments: rgbaCases)
    func rgba32(_ c: Case) throws {
        let image = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: c.alpha, byteOrder: c.order), bytes: c.bytes))
        #expect(try word(image, 0, 0) == c.expected)
    }

    @Test func rgb24() throws {
        let image = try #require(ImageFixture.image(width: 2, height: 1, bitsPerPixel: 24,
            info: CGBitmapInfo(alphaInfo: .none), bytes: [200, 100, 50, 1, 2, 3]))
        #expect(try word(image, 0, 0) == 0xFFC86432)
        #expect(try word(image, 1, 0) == 0xFF010203)
    }

    @Test func gray8AndGrayAlpha16() throws {
        let g = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 8,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .none), bytes: [128]))
        #expect(try word(g, 0, 0) == 0xFF808080)
        // 128 · 77 / 255 = 38.65 → 39 (0x27).
        let ga = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 16,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .last), bytes: [128, 77]))
        #expect(try word(ga, 0, 0) == 0x4D272727)
        let ag = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 16,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .premultipliedFirst), bytes: [77, 39]))
        #expect(try word(ag, 0, 0) == 0x4D272727)
        let little = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 16,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .last, byteOrder: .order16Little),
            bytes: [77, 128]))
        #expect(try word(little, 0, 0) == 0x4D272727)
    }

    @Test func alphaOnlyIsA8() throws {
        let image = try #require(CGImage(width: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 3,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .alphaOnly),
            provider: CGDataProvider(data: Data([0, 77, 255])), decode: nil, shouldInterpolate: true,
            intent: .defaultIntent))
        let surface = try #require(image.cairoSurface)
        #expect(cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8)
        let data = try #require(cairo_image_surface_get_data(surface))
        #expect([data[0], data[1], data[2]] == [0, 77, 255])
    }

    @Test func paddedRowsUseBytesPerRow() throws {
        // 1×2 image with 3 bytes of padding after each 4-byte pixel.
        let image = try #require(ImageFixture.image(width: 1, height: 2, bitsPerPixel: 32, bytesPerRow: 7,
            info: CGBitmapInfo(alphaInfo: .noneSkipLast), bytes: [1, 2, 3, 0, 9, 9, 9, 4, 5, 6, 0]))
        #expect(try word(image, 0, 1) == 0xFF040506)
    }
}
