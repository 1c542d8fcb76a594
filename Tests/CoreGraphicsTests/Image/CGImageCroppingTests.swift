import Testing
@testable import CoreGraphics

/// `cropping(to:)`: the rect is in pixels from the top-left, made integral and intersected with
/// the bounds; nil when nothing is left
/// (https://developer.apple.com/documentation/coregraphics/cgimage/1454683-cropping).
@Suite("CGImage cropping")
struct CGImageCroppingTests {
    /// 4×3 gray image whose pixel at (x, y) is 10·y + x.
    let image = ImageFixture.image(width: 4, height: 3, bitsPerPixel: 8, bytesPerRow: 6,
                                   space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .none),
                                   bytes: [0, 1, 2, 3, 99, 99, 10, 11, 12, 13, 99, 99, 20, 21, 22, 23])!

    func gray(_ i: CGImage) -> [UInt8] { [UInt8](i.straightRGBA8()).enumerated().filter { $0.offset % 4 == 0 }.map(\.element) }

    @Test func cropsPixels() throws {
        let c = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(c.width == 2 && c.height == 2)
        #expect(c.bytesPerRow == 2)
        #expect(c.bitsPerPixel == 8 && c.alphaInfo == .none)
        #expect(gray(c) == [11, 12, 21, 22])
    }

    @Test func keepsLayoutOfColourImages() throws {
        let rgba = try #require(ImageFixture.image(width: 2, height: 1, bitsPerPixel: 32,
            info: CGBitmapInfo(alphaInfo: .first, byteOrder: .order32Little), bytes: [1, 2, 3, 4, 5, 6, 7, 8]))
        let c = try #require(rgba.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1)))
        #expect(c.alphaInfo == .first && c.byteOrderInfo == .order32Little && c.bitsPerPixel == 32)
        // Little-endian ARGB words: bytes B, G, R, A.
        #expect([UInt8](c.straightRGBA8()) == [7, 6, 5, 8])
    }

    @Test func clipsToBoundsAndRoundsOutward() throws {
        let c = try #require(image.cropping(to: CGRect(x: 2.5, y: -5, width: 10, height: 5.2)))
        #expect(c.width == 2 && c.height == 1)   // x 2…4 (rounded out, clipped), y 0…1
        #expect(gray(c) == [2, 3])
        let negative = try #require(image.cropping(to: CGRect(x: 3, y: 3, width: -1, height: -1)))
        #expect(gray(negative) == [22])          // standardized to (2, 2, 1, 1)
    }

    @Test func nilWhenNothingRemains() {
        #expect(image.cropping(to: CGRect(x: 4, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: -3, y: -3, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
        #expect(image.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)) == nil)
    }
}
