import Foundation
import CoreGraphics
@testable import Lottie

/// A 100×100-point animation at 10 fps, frames 0…`op`, with `layers` (JSON text).
func lottieJSON(_ layers: String, assets: String = "[]", op: Int = 20, size: Int = 100) -> Data {
    Data("""
    {"v":"5.7.0","fr":10,"ip":0,"op":\(op),"w":\(size),"h":\(size),"nm":"test","assets":\(assets),"layers":[\(layers)]}
    """.utf8)
}

/// A solid layer `w`×`h` of `color` whose top-left corner is at `position` (anchor 0,0).
func solid(_ color: String = "#ff0000", w: Int = 100, h: Int = 100, position: String = "[0,0]", extra: String = "") -> String {
    """
    {"ty":1,"ind":\(Int.random(in: 1000...9999)),"sc":"\(color)","sw":\(w),"sh":\(h),"ip":0,"op":100,"st":0,\
    "ks":{"a":{"a":0,"k":[0,0]},"p":\(position),"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}\(extra)}
    """
}

/// A closed polygon as Lottie shape data.
func polygon(_ points: [(Int, Int)]) -> String {
    let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let z = points.map { _ in "[0,0]" }.joined(separator: ",")
    return "{\"c\":true,\"v\":[\(v)],\"i\":[\(z)],\"o\":[\(z)]}"
}

/// The rendered animation at `frame` (1 pixel per point) as straight RGBA bytes, top row first.
struct Rendered: CustomStringConvertible {
    var description: String { "\(width)×\(height) render" }
    let bytes: [UInt8], width: Int, height: Int

    init(_ lottie: LottieLayer, frame: Double) {
        lottie.frame = frame
        let size = lottie.animation.size
        let image = lottie.image(viewSize: size, scale: 1)!
        width = image.width; height = image.height
        var b = [UInt8](repeating: 0, count: width * height * 4)
        let w = width, h = height
        b.withUnsafeMutableBytes { buf in
            let ctx = CGContext(data: buf.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        }
        bytes = b
    }

    /// (r, g, b, a) at point (x, y), y down.
    func pixel(_ x: Int, _ y: Int) -> [Int] {
        let o = 4 * (y * width + x)
        return (0..<4).map { Int(bytes[o + $0]) }
    }
    func isRed(_ x: Int, _ y: Int) -> Bool { let p = pixel(x, y); return p[0] > 200 && p[1] < 40 && p[3] > 200 }
    func isClear(_ x: Int, _ y: Int) -> Bool { pixel(x, y)[3] < 20 }
}

func load(_ data: Data) throws -> LottieLayer { LottieLayer(animation: try LottieAnimation(data: data)) }
