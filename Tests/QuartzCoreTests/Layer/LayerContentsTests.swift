import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `contents` is kept by kind (`LayerContents`), and reads back exactly as set.
@Suite("Layer contents kinds")
struct LayerContentsTests {
    @Test func eachKindReadsBackAsSet() throws {
        let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                                          provider: CGDataProvider(data: Data(repeating: 255, count: 16)), decode: nil,
                                          shouldInterpolate: true, intent: .defaultIntent))
        let l = CALayer()
        #expect(l.contents == nil)
        if case .none = l.state.contentsKind {} else { Issue.record("new layer has contents") }
        l.contents = image
        #expect(l.contents as? CGImage === image)
        #expect(l.state.contentsKind.image === image)
        l.contents = "not an image"
        #expect(l.contents as? String == "not an image")
        #expect(l.state.contentsKind.image == nil)
        l.setValue(NSNull(), forKey: "contents")
        #expect(l.contents == nil)
        l.setValue(image, forKey: "contents")
        #expect(l.value(forKey: "contents") as? CGImage === image)
    }
}
