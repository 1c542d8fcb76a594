import Testing
@testable import CoreGraphics
import ImageIO

/// The Apple-shaped ImageIO functions: write with CGImageDestination, read with CGImageSource
/// (https://developer.apple.com/documentation/imageio).
@Suite("ImageIO")
struct ImageIOTests {
    let translucent = ImageFixture.image(width: 3, height: 2, bitsPerPixel: 32, info: CGBitmapInfo(alphaInfo: .last),
        bytes: [200, 100, 50, 77, 255, 0, 0, 255, 0, 0, 0, 0, 10, 20, 30, 128, 255, 255, 255, 1, 0, 255, 0, 200])!

    @Test func pngThroughURLRoundTrips() throws {
        let url = ImageFixture.temporaryURL("png")
        defer { try? FileManager.default.removeItem(at: url) }
        let destination = try #require(CGImageDestinationCreateWithURL(url, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, translucent, nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(!CGImageDestinationFinalize(destination))      // only once

        let source = try #require(CGImageSourceCreateWithURL(url, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        #expect(CGImageSourceGetCount(source) == 1)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 3 && image.height == 2 && image.alphaInfo == .last)
        #expect(try CGImage.decode(contentsOf: url).pixelsEqual(translucent))
        #expect(image.pixelsEqual(translucent))
        #expect(CGImageSourceCreateImageAtIndex(source, 1, nil) == nil)

        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 3)
        #expect(properties[kCGImagePropertyPixelHeight] as? Int == 2)
        #expect(properties[kCGImagePropertyHasAlpha] as? Bool == true)
        #expect(properties[kCGImagePropertyColorModel] as? String == kCGImagePropertyColorModelRGB)
    }

    @Test func jpegIntoDataUsesQualityAndWhiteBackground() throws {
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.jpeg", 1, nil))
        CGImageDestinationAddImage(destination, translucent, [kCGImageDestinationLossyCompressionQuality: 1.0])
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        #expect(CGImageSourceGetType(source) == "public.jpeg")
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.bitsPerPixel == 24 && image.alphaInfo == .none)
        // Fully transparent black (0, 0, 0, 0) at (2, 0) over white is white; JPEG error aside.
        let rgba = pixel(image, 2, 0)
        #expect(rgba.allSatisfy { $0 >= 235 }, "\(rgba)")

        // A lower quality through CGImageDestinationSetProperties makes a smaller file.
        let small = NSMutableData()
        let low = try #require(CGImageDestinationCreateWithData(small, "public.jpeg", 1, nil))
        CGImageDestinationSetProperties(low, [kCGImageDestinationLossyCompressionQuality: NSNumber(value: 0.1)])
        CGImageDestinationAddImage(low, translucent, nil)
        #expect(CGImageDestinationFinalize(low))
        #expect(small.length < data.length)
    }

    @Test func jpegBackgroundColorOption() throws {
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.jpeg", 1, nil))
        CGImageDestinationAddImage(destination, translucent, [kCGImageDestinationBackgroundColor:
                                                                CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithData(data as Data, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let p = pixel(image, 2, 0)
        #expect(p[0] <= 20 && p[1] <= 20 && p[2] >= 235, "\(p)")
    }

    @Test func refusesWhatItCannotDo() throws {
        let url = ImageFixture.temporaryURL("webp")
        #expect(CGImageDestinationCreateWithURL(url, "org.webmproject.webp", 1, nil) == nil)
        #expect(CGImageDestinationCreateWithURL(url, "public.tiff", 1, nil) == nil)
        #expect(CGImageDestinationCreateWithURL(url, "public.png", 0, nil) == nil)
        let empty = try #require(CGImageDestinationCreateWithData(NSMutableData(), "public.png", 1, nil))
        #expect(!CGImageDestinationFinalize(empty))             // no image added
        // Unwritable location: Finalize reports failure.
        let bad = try #require(CGImageDestinationCreateWithURL(url.appendingPathComponent("no/such.png"), "public.png", 1, nil))
        CGImageDestinationAddImage(bad, translucent, nil)
        #expect(!CGImageDestinationFinalize(bad))
        #expect(CGImageSourceCreateWithURL(url, nil) == nil)    // missing file
        #expect(CGImageDestinationCopyTypeIdentifiers() == ["public.png", "public.jpeg"])
        #expect(CGImageSourceCopyTypeIdentifiers().contains("org.webmproject.webp"))
    }

    @Test func sourceStatusSaysWhy() throws {
        let png = try translucent.pngData()
        let unknown = try #require(CGImageSourceCreateWithData(Data("hello".utf8), nil))
        #expect(CGImageSourceGetStatus(unknown) == .statusUnknownType)
        #expect(CGImageSourceGetCount(unknown) == 0 && CGImageSourceGetType(unknown) == nil)
        let cut = try #require(CGImageSourceCreateWithData(png.prefix(png.count / 2), nil))
        #expect(CGImageSourceGetStatus(cut) == .statusUnexpectedEOF)
        #expect(CGImageSourceCreateImageAtIndex(cut, 0, nil) == nil)
        let huge = try #require(CGImageSourceCreateWithData(try ImageFixture.data("huge-header.png"), nil))
        #expect(CGImageSourceGetStatusAtIndex(huge, 0) == .statusInvalidData)
        #expect(CGImageSourceCopyPropertiesAtIndex(huge, 0, nil) == nil)
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let rgba = [UInt8](image.straightRGBA8())
        let i = 4 * (y * image.width + x)
        return Array(rgba[i..<i + 3])
    }
}
