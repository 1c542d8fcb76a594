import Foundation
import FuzzSupport
import CoreGraphics

/// Any bytes through `CGImage.decode` (PNG, JPEG, WebP sniffed from the header); a decoded
/// image is cropped, drawn scaled into a small bitmap context and re-encoded as PNG when small.
@_cdecl("LLVMFuzzerTestOneInput")   // for libFuzzer's main, when the linker picks that one
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let image = try? CGImage.decode(from: Data(bytes: data, count: size)) else { return 0 }
    precondition(image.width > 0 && image.height > 0, "a decoded image has no pixels")
    // Drawing converts every pixel in (debug, instrumented) Swift: keep it to small images so
    // the fuzzer spends its time in the decoders.
    guard image.width * image.height <= 512 * 512 else { return 0 }
    let cropped = image.cropping(to: CGRect(x: 1, y: 1, width: image.width / 2, height: image.height / 2))
    if let ctx = CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(),
                           bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) {
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
        if let cropped { ctx.draw(cropped, in: CGRect(x: 2, y: 2, width: 7, height: 9)) }
    }
    if image.width * image.height <= 128 * 128 { _ = try? image.pngData() }
    return 0
}

runFuzzer { fuzzImage($0, $1) }
