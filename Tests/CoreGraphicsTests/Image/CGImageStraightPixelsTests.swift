import Testing
@testable import CoreGraphics

/// `straightRGBA8()`: exact for straight sources; premultiplied colour divided by alpha,
/// rounded to nearest (values hand-computed as round(c·255/a)).
@Suite("CGImage straight pixels")
struct CGImageStraightPixelsTests {
    @Test func straightSourcesAreCopiedExactly() throws {
        let bytes: [UInt8] = [1, 2, 3, 0, 200, 100, 50, 77, 9, 8, 7, 255]
        let image = try #require(ImageFixture.image(width: 3, height: 1, bitsPerPixel: 32,
                                                    info: CGBitmapInfo(alphaInfo: .last), bytes: bytes))
        // Colour under zero alpha is kept too: nothing is premultiplied on the way.
        #expect([UInt8](image.straightRGBA8()) == bytes)
    }

    @Test func premultipliedSourcesAreDividedAndRounded() throws {
        // (60, 30, 15, 77) → 198.7, 99.4, 49.7 → (199, 99, 50); colour over alpha clamps to 255;
        // zero alpha gives zero colour.
        let image = try #require(ImageFixture.image(width: 3, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .premultipliedLast),
            bytes: [60, 30, 15, 77, 90, 10, 0, 80, 5, 5, 5, 0]))
        #expect([UInt8](image.straightRGBA8()) == [199, 99, 50, 77, 255, 32, 0, 80, 0, 0, 0, 0])
    }

    @Test func grayAndSkipLayouts() throws {
        let ga = try #require(ImageFixture.image(width: 2, height: 1, bitsPerPixel: 16,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .premultipliedFirst),
            bytes: [128, 64, 255, 255]))
        // 64·255/128 = 127.5 → 128 (round half up).
        #expect([UInt8](ga.straightRGBA8()) == [128, 128, 128, 128, 255, 255, 255, 255])
        let skip = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .noneSkipFirst, byteOrder: .order32Little), bytes: [3, 2, 1, 0]))
        #expect([UInt8](skip.straightRGBA8()) == [1, 2, 3, 255])
    }

    @Test func encodingLayoutIsTheSmallestThatKeepsThePixels() throws {
        let rgba = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .first), bytes: [77, 200, 100, 50]))
        #expect(rgba.straightPixelsForEncoding(keepAlpha: true).channels == 4)
        let opaque = rgba.straightPixelsForEncoding(keepAlpha: false)
        #expect(opaque.channels == 3 && [UInt8](opaque.pixels) == [200, 100, 50])
        // Over white: 200·77/255 + 255·178/255 = 238.4 → 238; 100 → 208.2 → 208; 50 → 193.1 → 193.
        let white = rgba.straightPixelsForEncoding(keepAlpha: false, background: .white)
        #expect([UInt8](white.pixels) == [238, 208, 193])
        let gray = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 16,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .last), bytes: [100, 255]))
        #expect(gray.straightPixelsForEncoding(keepAlpha: true).channels == 2)
        #expect(gray.straightPixelsForEncoding(keepAlpha: false).channels == 1)
    }
}
