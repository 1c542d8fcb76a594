import Testing
@testable import CoreGraphics
import CQuartzWebP

/// JPEG (TurboJPEG) round trips and WebP decoding. WebP inputs are made with libwebp's own
/// encoder here, as no independent WebP encoder is installed.
@Suite("CGImage JPEG and WebP")
struct CGImageJPEGWebPTests {
    /// Largest and mean absolute channel difference over r, g, b.
    func error(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
        var worst = 0, sum = 0, n = 0
        for i in 0..<min(a.count, b.count) where i % 4 != 3 {
            let d = abs(Int(a[i]) - Int(b[i])); worst = max(worst, d); sum += d; n += 1
        }
        return (worst, Double(sum) / Double(max(n, 1)))
    }

    @Test func jpegRoundTripOfSmoothImage() throws {
        let bytes = ImageFixture.gradientRGBA(width: 64, height: 48, opaque: true)
        let image = try #require(ImageFixture.image(width: 64, height: 48, bitsPerPixel: 32,
                                                    info: CGBitmapInfo(alphaInfo: .noneSkipLast), bytes: bytes))
        // Measured here (libjpeg-turbo 2.1): max 5, mean 0.81 at 0.9; max 8, mean 1.39 at 0.75.
        for (quality, maxError, meanError) in [(0.9, 8, 2.0), (0.75, 12, 3.0)] {
            let jpeg = try image.jpegData(quality: quality)
            #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
            let back = try CGImage.decode(from: jpeg)
            #expect(back.width == 64 && back.height == 48)
            #expect(back.bitsPerPixel == 24 && back.alphaInfo == .none && back.colorSpace?.model == .rgb)
            let e = error(bytes, [UInt8](back.straightRGBA8()))
            #expect(e.max <= maxError, "quality \(quality): max error \(e.max)")
            #expect(e.mean <= meanError, "quality \(quality): mean error \(e.mean)")
        }
        // Lower quality gives a smaller file.
        #expect(try image.jpegData(quality: 0.2).count < image.jpegData(quality: 1).count)
    }

    @Test func jpegDropsAlphaKeepingStraightColour() throws {
        let image = try #require(ImageFixture.image(width: 8, height: 8, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .last), bytes: [UInt8]((0..<64).flatMap { _ in [200, 100, 50, 77] })))
        let back = try CGImage.decode(from: image.jpegData(quality: 1))
        let px = [UInt8](back.straightRGBA8()).prefix(4)
        #expect(error([200, 100, 50, 255], Array(px)).max <= 2, "\(px)")
    }

    @Test func grayJPEG() throws {
        let bytes: [UInt8] = (0..<256).map { (i: Int) -> UInt8 in UInt8(i % 16 * 8 + i / 16 * 4) }
        let image = try #require(ImageFixture.image(width: 16, height: 16, bitsPerPixel: 8,
            space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .none), bytes: bytes))
        let back = try CGImage.decode(from: image.jpegData(quality: 0.95))
        #expect(back.bitsPerPixel == 8 && back.colorSpace?.model == .monochrome)
        let rgba = [UInt8](back.straightRGBA8())
        let worst = bytes.indices.map { abs(Int(rgba[4 * $0]) - Int(bytes[$0])) }.max() ?? 0
        #expect(worst <= 4)
    }

    @Test func jpegQualityMustBeFinite() throws {
        let image = try #require(ImageFixture.image(width: 1, height: 1, bitsPerPixel: 24,
                                                    info: CGBitmapInfo(alphaInfo: .none), bytes: [1, 2, 3]))
        #expect(throws: CGImageEncodingError.self) { try image.jpegData(quality: .nan) }
        // Out-of-range finite values are clamped, not refused.
        #expect(try CGImage.decode(from: image.jpegData(quality: 7)).width == 1)
    }

    /// Lossless WebP of `rgba` (straight), made by libwebp.
    static func losslessWebP(_ rgba: [UInt8], width: Int, height: Int) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>? = nil
        let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &out)
        defer { WebPFree(out) }
        let bytes = try #require(out)
        return Data(bytes: bytes, count: size)
    }

    @Test func webpLosslessWithAlphaDecodesExactly() throws {
        let rgba = ImageFixture.gradientRGBA(width: 5, height: 3)
        let image = try CGImage.decode(from: Self.losslessWebP(rgba, width: 5, height: 3))
        #expect(image.width == 5 && image.height == 3)
        #expect(image.bitsPerPixel == 32 && image.alphaInfo == .last && image.colorSpace?.model == .rgb)
        #expect([UInt8](image.straightRGBA8()) == rgba)
    }

    @Test func webpLossyOpaqueIsRGB() throws {
        let rgba = ImageFixture.gradientRGBA(width: 32, height: 32, opaque: true)
        let rgb = rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        var out: UnsafeMutablePointer<UInt8>? = nil
        let size = WebPEncodeRGB(rgb, 32, 32, 96, 95, &out)
        defer { WebPFree(out) }
        let image = try CGImage.decode(from: Data(bytes: try #require(out), count: size))
        #expect(image.bitsPerPixel == 24 && image.alphaInfo == .none)
        let e = error(rgba, [UInt8](image.straightRGBA8()))
        #expect(e.max <= 12 && e.mean <= 3, "\(e)")
    }
}
