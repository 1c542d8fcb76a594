import CoreGraphics
import Foundation

/// An owned premultiplied ARGB32 image that a compositor draws into: a frame.
///
/// Same pixel format as `TextureResource` (native-endian `0xAARRGGBB` words, premultiplied,
/// row 0 at the top), rows packed (`stride == 4 × width`). A value type: copies are cheap until
/// one of them is written (copy on write).
package struct PixelBuffer: Sendable {
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next (always `4 × width`).
    package var stride: Int { width * 4 }
    /// The pixel words, row by row.
    package var words: [UInt32]
    /// Shared by every copy of this value: while the producer holds the only one, no frame it
    /// handed out is still alive and the memory may be drawn again (`isOnlyCopy`).
    private var copies = CopyToken()

    /// A transparent buffer; nil for non-positive sizes or over `TextureResource`'s limits.
    package init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= TextureResource.maximumDimension,
              height <= TextureResource.maximumDimension,
              width * height * 4 <= TextureResource.maximumByteCount else { return nil }
        self.width = width; self.height = height
        let count = width * height
        // Advised before the zeros are written, so the pages are huge from the first touch.
        words = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            PixelMemory.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), byteCount: count * 4)
            buffer.baseAddress!.initialize(repeating: 0, count: count)
            initialized = count
        }
    }

    /// Whether no other copy of this buffer value exists (the words may still be shared with
    /// an array taken out of a copy: writing them then copies them first, as for any array).
    package mutating func isOnlyCopy() -> Bool { isKnownUniquelyReferenced(&copies) }

    /// Every pixel set to `color`.
    package mutating func fill(_ color: PremultipliedColor) {
        let word = PixelBuffer.word(color)
        for i in words.indices { words[i] = word }
    }

    /// The premultiplied 8-bit components of the pixel at (x, y), origin top-left.
    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the buffer")
        let p = words[y * width + x]
        return (UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), UInt8(p >> 24))
    }

    /// A snapshot as a `CGImage`: 8 bits per component, `premultipliedFirst` alpha,
    /// `byteOrder32Little` (the same bytes, B G R A in memory), device RGB.
    package func makeCGImage() -> CGImage? {
        let data = words.withUnsafeBytes { Data($0) }
        let provider = CGDataProvider(data: data)
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                       bytesPerRow: stride, space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// `color` as a pixel word, components rounded and clamped to alpha.
    static func word(_ color: PremultipliedColor) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = byte(color.alpha)
        return a << 24 | min(byte(color.red), a) << 16 | min(byte(color.green), a) << 8 | min(byte(color.blue), a)
    }

    /// Sets the pixels of `rect` (whole pixels, clamped to the buffer) to transparent black.
    package mutating func clear(_ rect: CGRect) {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0 else { return }
        let x0 = Int(r.minX), x1 = Int(r.maxX), w = width
        words.withUnsafeMutableBufferPointer { all in
            if x0 == 0, x1 == w {   // whole rows: one run
                UnsafeMutableBufferPointer(rebasing: all[(Int(r.minY) * w)..<(Int(r.maxY) * w)]).update(repeating: 0)
                return
            }
            for y in Int(r.minY)..<Int(r.maxY) {
                UnsafeMutableBufferPointer(rebasing: all[(y * w + x0)..<(y * w + x1)]).update(repeating: 0)
            }
        }
    }
}

/// What copies of a `PixelBuffer` share, so the producer can tell whether a frame it handed out
/// is still held (the standard library tells no such thing of an array).
private final class CopyToken: Sendable {}
