import Testing
@testable import CoreGraphics

/// PNG decode and encode. Fixture bytes are written by hand in Fixtures/make_png_fixtures.py.
@Suite("CGImage PNG")
struct CGImagePNGTests {
    @Test func decodesStraightRGBA() throws {
        let image = try CGImage.decode(from: ImageFixture.data("rgba8.png"))
        #expect(image.width == 3 && image.height == 2)
        #expect(image.bitsPerPixel == 32 && image.bytesPerRow == 12)
        #expect(image.alphaInfo == .last && image.byteOrderInfo == .orderDefault)
        #expect(image.colorSpace?.name == CGColorSpace.sRGB)
        #expect([UInt8](image.straightRGBA8()) == [200, 100, 50, 77, 255, 0, 0, 255, 0, 0, 0, 0,
                                                   10, 20, 30, 128, 255, 255, 255, 1, 0, 255, 0, 200])
    }

    @Test func roundTripOfTranslucentPixelsIsByteExact() throws {
        let original = try CGImage.decode(from: ImageFixture.data("rgba8.png"))
        let again = try CGImage.decode(from: original.pngData())
        #expect(again.alphaInfo == .last && again.bitsPerPixel == 32)
        #expect(again.straightRGBA8() == original.straightRGBA8())
        // A larger image with every alpha from 40 to 239, through the public initializer.
        let bytes = ImageFixture.gradientRGBA(width: 37, height: 23)
        let made = try #require(ImageFixture.image(width: 37, height: 23, bitsPerPixel: 32,
                                                   info: CGBitmapInfo(alphaInfo: .last), bytes: bytes))
        #expect([UInt8](try CGImage.decode(from: made.pngData()).straightRGBA8()) == bytes)
    }

    @Test func premultipliedSourceIsWrittenStraight() throws {
        // Premultiplied (60, 30, 15, 77) → 60·255/77 = 198.7 → 199, 99.35 → 99, 49.7 → 50.
        let image = try #require(ImageFixture.image(width: 2, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
            bytes: [15, 30, 60, 77, 0, 0, 0, 0]))
        let back = try CGImage.decode(from: image.pngData())
        #expect(back.alphaInfo == .last)
        #expect([UInt8](back.straightRGBA8()) == [199, 99, 50, 77, 0, 0, 0, 0])
    }

    @Test func grayAndGrayAlpha() throws {
        let gray = try CGImage.decode(from: ImageFixture.data("gray8.png"))
        #expect(gray.bitsPerPixel == 8 && gray.alphaInfo == .none && gray.colorSpace?.model == .monochrome)
        #expect([UInt8](gray.straightRGBA8()) == [0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 255, 255, 255, 255, 255])
        let ga = try CGImage.decode(from: ImageFixture.data("graya8.png"))
        #expect(ga.bitsPerPixel == 16 && ga.bytesPerRow == 4 && ga.alphaInfo == .last)
        #expect(ga.colorSpace?.model == .monochrome)
        #expect([UInt8](ga.straightRGBA8()) == [128, 128, 128, 77, 0, 0, 0, 0, 255, 255, 255, 255, 30, 30, 30, 200])
        // Both stay gray when written again, byte for byte.
        for image in [gray, ga] {
            let back = try CGImage.decode(from: image.pngData())
            #expect(back.bitsPerPixel == image.bitsPerPixel && back.colorSpace?.model == .monochrome)
            #expect(back.straightRGBA8() == image.straightRGBA8())
        }
    }

    @Test func rgbWithoutAlphaIs24Bit() throws {
        let image = try #require(ImageFixture.image(width: 2, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .noneSkipLast), bytes: [1, 2, 3, 99, 250, 251, 252, 99]))
        let back = try CGImage.decode(from: image.pngData())
        #expect(back.bitsPerPixel == 24 && back.alphaInfo == .none)
        #expect([UInt8](back.straightRGBA8()) == [1, 2, 3, 255, 250, 251, 252, 255])
    }

    @Test func alphaOnlyIsWrittenAsBlackWithCoverage() throws {
        let mask = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .alphaOnly),
            provider: CGDataProvider(data: Data([10, 240])), decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let back = try CGImage.decode(from: mask.pngData())
        #expect(back.bitsPerPixel == 16 && back.colorSpace?.model == .monochrome)
        #expect([UInt8](back.straightRGBA8()) == [0, 0, 0, 10, 0, 0, 0, 240])
    }

    @Test func sixteenBitIsScaledToEight() throws {
        // Samples 0x1234, 0xFF00, 0x0080 | 0xFFFF, 0x0000, 0x8000 → v/257 within one step.
        let image = try CGImage.decode(from: ImageFixture.data("rgb16.png"))
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 24)
        let got = [UInt8](image.straightRGBA8())
        let expected: [Double] = [4660, 65280, 128, 255 * 257, 65535, 0, 32768, 255 * 257]
        for (g, e) in zip(got, expected) { #expect(abs(Double(g) - e / 257) <= 1, "\(got)") }
    }

    @Test func paletteWithTransparencyExpandsToRGBA() throws {
        let image = try CGImage.decode(from: ImageFixture.data("palette-trns.png"))
        #expect(image.alphaInfo == .last && image.bitsPerPixel == 32)
        #expect([UInt8](image.straightRGBA8()) == [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255])
    }

    @Test func writesAtomicallyToURL() throws {
        let url = ImageFixture.temporaryURL("png")
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try CGImage.decode(from: ImageFixture.data("rgba8.png"))
        try image.write(pngTo: url)
        #expect(try CGImage.decode(contentsOf: url).straightRGBA8() == image.straightRGBA8())
        // Overwriting replaces the whole file.
        try CGImage.decode(from: ImageFixture.data("gray8.png")).write(pngTo: url)
        #expect(try CGImage.decode(contentsOf: url).width == 4)
        let missingFolder = url.appendingPathComponent("nope/out.png")
        #expect {
            try image.write(pngTo: missingFolder)
        } throws: { error in
            guard case let CGImageEncodingError.unwritableFile(path, _) = error else { return false }
            return path == missingFolder.path
        }
    }
}
