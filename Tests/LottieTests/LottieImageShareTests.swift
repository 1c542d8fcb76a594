import Foundation
import Testing
import CoreGraphics
import QuartzCore
@testable import Lottie

/// Image assets are decoded once per import and shared by every layer showing them (a tiny file
/// of many 64-megapixel image layers took 9.3 GB when each layer decoded its own copy).
@Suite("Lottie image assets shared")
struct LottieImageShareTests {
    /// A `data:` URI of a 256×256 PNG (a 256 KiB decoded image in a file of a few hundred bytes).
    static func pngURI() throws -> String {
        let ctx = try #require(CGContext(data: nil, width: 256, height: 256, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 256, height: 256))
        return "data:image/png;base64," + (try (try #require(ctx.makeImage())).pngData()).base64EncodedString()
    }

    /// Every `CGImage` shown by layers of `root`'s tree.
    static func images(in root: CALayer) -> [CGImage] {
        var found: [CGImage] = []
        var stack = [root]
        while let l = stack.popLast() {
            if let image = l.contents as? CGImage { found.append(image) }
            stack += l.sublayers ?? []
        }
        return found
    }

    @Test func fortyLayersAndAPrecompShareOneDecode() throws {
        let uri = try Self.pngURI()
        let imageLayers = (1...40).map { i in #"{"ty":2,"ind":\#(i),"refId":"img","ip":0,"op":20,"st":0,"ks":{}}"# }
        let assets = #"[{"id":"img","w":256,"h":256,"u":"","p":"\#(uri)","e":1},"#
            + #"{"id":"comp","layers":[{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"st":0,"ks":{}}]}]"#
        let precomps = (41...45).map { i in #"{"ty":0,"ind":\#(i),"refId":"comp","w":256,"h":256,"ip":0,"op":20,"st":0,"ks":{}}"# }
        let lottie = try load(lottieJSON((imageLayers + precomps).joined(separator: ","), assets: assets, size: 256))
        let images = Self.images(in: lottie.layer)
        #expect(images.count == 45)
        #expect(Set(images.map { ObjectIdentifier($0) }).count == 1, "one decoded image for every layer")
        #expect(lottie.warnings.isEmpty, "\(lottie.warnings)")
    }
}
