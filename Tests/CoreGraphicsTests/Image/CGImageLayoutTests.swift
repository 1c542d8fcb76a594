import Testing
@testable import CoreGraphics

/// Layout reporting and validation of `CGImage(width:height:bitsPerComponent:…)`, which must
/// report the layout it was given (https://developer.apple.com/documentation/coregraphics/cgimage).
@Suite("CGImage layouts")
struct CGImageLayoutTests {
    struct Case: Sendable, CustomStringConvertible {
        var bpp: Int, gray: Bool, alpha: CGImageAlphaInfo, order: CGImageByteOrderInfo
        var description: String { "\(gray ? "gray" : "rgb") \(bpp) \(alpha) \(order)" }
    }

    static let supported: [Case] = {
        var cases = [Case(bpp: 24, gray: false, alpha: .none, order: .orderDefault),
                     Case(bpp: 24, gray: false, alpha: .none, order: .order32Big),
                     Case(bpp: 8, gray: true, alpha: .none, order: .orderDefault)]
        for a in [CGImageAlphaInfo.premultipliedLast, .premultipliedFirst, .last, .first, .noneSkipLast, .noneSkipFirst] {
            for o in [CGImageByteOrderInfo.orderDefault, .order32Big, .order32Little] {
                cases.append(Case(bpp: 32, gray: false, alpha: a, order: o))
            }
        }
        for a in [CGImageAlphaInfo.premultipliedLast, .premultipliedFirst, .last, .first] {
            for o in [CGImageByteOrderInfo.orderDefault, .order16Big, .order16Little] {
                cases.append(Case(bpp: 16, gray: true, alpha: a, order: o))
            }
        }
        return cases
    }()

    @Test(arguments: supported)
    func reportsItsLayout(_ c: Case) throws {
        let width = 3, bytesPerRow = 3 * c.bpp / 8 + 5   // padded rows are allowed
        let space = c.gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        let image = try #require(ImageFixture.image(
            width: width, height: 2, bitsPerPixel: c.bpp, bytesPerRow: bytesPerRow, space: space,
            info: CGBitmapInfo(alphaInfo: c.alpha, byteOrder: c.order),
            bytes: [UInt8](repeating: 7, count: bytesPerRow * 2)))
        #expect(image.width == 3)
        #expect(image.height == 2)
        #expect(image.bitsPerComponent == 8)
        #expect(image.bitsPerPixel == c.bpp)
        #expect(image.bytesPerRow == bytesPerRow)
        #expect(image.alphaInfo == c.alpha)
        #expect(image.byteOrderInfo == c.order)
        #expect(image.colorSpace?.model == (c.gray ? .monochrome : .rgb))
        #expect(!image.isMask)
    }

    @Test func alphaOnlyAndMask() throws {
        let alpha = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .alphaOnly),
            provider: CGDataProvider(data: Data([0, 255])), decode: nil, shouldInterpolate: false,
            intent: .defaultIntent))
        #expect(alpha.alphaInfo == .alphaOnly)
        #expect(alpha.bitsPerPixel == 8)
        let mask = try #require(CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8,
            bytesPerRow: 2, provider: CGDataProvider(data: Data([0, 255])), decode: nil, shouldInterpolate: false))
        #expect(mask.isMask)
        #expect(mask.colorSpace == nil)
        #expect(mask.alphaInfo == .alphaOnly)
    }

    @Test func unsupportedLayoutsAreNil() {
        let rgb = CGColorSpaceCreateDeviceRGB(), bytes = [UInt8](repeating: 0, count: 64)
        // RGB without alpha at 32 bpp needs a skip byte; 24 bpp cannot hold alpha.
        #expect(ImageFixture.image(width: 2, height: 2, bitsPerPixel: 32, info: CGBitmapInfo(alphaInfo: .none), bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 2, height: 2, bitsPerPixel: 24, info: CGBitmapInfo(alphaInfo: .last), bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 2, height: 2, bitsPerPixel: 32, space: rgb,
                                   info: CGBitmapInfo(alphaInfo: .last, byteOrder: .order16Little), bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 2, height: 2, bitsPerPixel: 32, info: [.floatComponents, CGBitmapInfo(alphaInfo: .last)], bytes: bytes) == nil)
        #expect(CGImage(width: 2, height: 2, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 16, space: rgb,
                        bitmapInfo: CGBitmapInfo(alphaInfo: .last), provider: CGDataProvider(data: Data(bytes)),
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func badSizesAreNil() {
        let info = CGBitmapInfo(alphaInfo: .premultipliedLast)
        let bytes = [UInt8](repeating: 0, count: 64)
        #expect(ImageFixture.image(width: 0, height: 2, bitsPerPixel: 32, bytesPerRow: 8, info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 2, height: 0, bitsPerPixel: 32, bytesPerRow: 8, info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: -2, height: 2, bitsPerPixel: 32, bytesPerRow: 8, info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 2, height: -1, bitsPerPixel: 32, bytesPerRow: 8, info: info, bytes: bytes) == nil)
        // Over the documented dimension limit, and a buffer over the byte limit (never read).
        #expect(ImageFixture.image(width: CGImage.maximumDimension + 1, height: 1, bitsPerPixel: 32,
                                   bytesPerRow: 4 * (CGImage.maximumDimension + 1), info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 1, height: Int.max, bitsPerPixel: 32, bytesPerRow: 4, info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 1, height: 2, bitsPerPixel: 32, bytesPerRow: Int.max, info: info, bytes: bytes) == nil)
        // bytesPerRow shorter than a row, and data one byte short of the last row.
        #expect(ImageFixture.image(width: 4, height: 2, bitsPerPixel: 32, bytesPerRow: 15, info: info, bytes: bytes) == nil)
        #expect(ImageFixture.image(width: 4, height: 4, bitsPerPixel: 32, bytesPerRow: 16, info: info,
                                   bytes: [UInt8](repeating: 0, count: 63)) == nil)
        // The same with exactly enough data works; the last row needs no padding.
        #expect(ImageFixture.image(width: 4, height: 4, bitsPerPixel: 32, bytesPerRow: 16, info: info, bytes: bytes) != nil)
        #expect(ImageFixture.image(width: 3, height: 2, bitsPerPixel: 32, bytesPerRow: 20, info: info,
                                   bytes: [UInt8](repeating: 0, count: 32)) != nil)
    }
}
