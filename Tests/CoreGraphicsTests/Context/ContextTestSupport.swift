import Testing
import CoreGraphics

/// One pixel's channels as stored (0…255; premultiplied where the layout is). Layouts without
/// alpha report 255; alpha-only layouts report 0 for colour.
struct Pixel: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int) { self.r = r; self.g = g; self.b = b; self.a = a }
    var description: String { "(\(r), \(g), \(b), \(a))" }

    static let clear = Pixel(0, 0, 0, 0)
    static let black = Pixel(0, 0, 0, 255)
    static let white = Pixel(255, 255, 255, 255)
    static let red = Pixel(255, 0, 0, 255)
    static let green = Pixel(0, 255, 0, 255)
    static let blue = Pixel(0, 0, 255, 255)

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: Pixel, tolerance: Int = 1) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }
}

/// Reads the pixel in column `x`, row `yFromTop` (row 0 = the top of the image, i.e. the
/// largest user-space y of a fresh context) straight from `ctx.data`, decoding the layout from
/// the context's public bitmap description — independently of the library's own layout code.
func pixel(_ ctx: CGContext, _ x: Int, _ yFromTop: Int) -> Pixel {
    let row = ctx.data!.assumingMemoryBound(to: UInt8.self) + yFromTop * ctx.bytesPerRow
    if ctx.bitsPerPixel == 8 {
        let v = Int(row[x])
        return ctx.alphaInfo == .alphaOnly ? Pixel(0, 0, 0, v) : Pixel(v, v, v, 255)
    }
    let q = row + 4 * x
    var bytes = [Int(q[0]), Int(q[1]), Int(q[2]), Int(q[3])]
    // 32Little stores the 32-bit word's bytes reversed; below, bytes are in big-endian order.
    if ctx.bitmapInfo.intersection(.byteOrderMask) == .byteOrder32Little { bytes.reverse() }
    switch ctx.alphaInfo {
    case .premultipliedFirst, .first: return Pixel(bytes[1], bytes[2], bytes[3], bytes[0])
    case .noneSkipFirst: return Pixel(bytes[1], bytes[2], bytes[3], 255)
    case .noneSkipLast: return Pixel(bytes[0], bytes[1], bytes[2], 255)
    default: return Pixel(bytes[0], bytes[1], bytes[2], bytes[3])
    }
}

/// The pixel under user-space point (x, y) of an untransformed context: column floor(x), row
/// `height - 1 - floor(y)` from the top.
func pixel(_ ctx: CGContext, user x: CGFloat, _ y: CGFloat) -> Pixel {
    pixel(ctx, Int(x.rounded(.down)), ctx.height - 1 - Int(y.rounded(.down)))
}

/// A transparent sRGB bitmap context in Apple's most common layout (RGBA, premultiplied last),
/// or in `info` when given.
func makeContext(_ width: Int = 40, _ height: Int = 40,
                 info: CGBitmapInfo = CGBitmapInfo(alphaInfo: .premultipliedLast),
                 space: CGColorSpace = CGColorSpaceCreateDeviceRGB()) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: space, bitmapInfo: info)!
}

/// A 32-bit RGBA (straight alpha last) image from rows of pixels, top row first.
func makeImage(_ rows: [[Pixel]]) -> CGImage {
    let h = rows.count, w = rows[0].count
    var bytes: [UInt8] = []
    for row in rows { for p in row { bytes += [UInt8(p.r), UInt8(p.g), UInt8(p.b), UInt8(p.a)] } }
    return CGImage(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * w,
                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
                   provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                   intent: .defaultIntent)!
}

/// Whether two transforms agree to within `tol` in every entry.
func isClose(_ t: CGAffineTransform, _ e: [CGFloat], tol: CGFloat = 1e-9) -> Bool {
    zip([t.a, t.b, t.c, t.d, t.tx, t.ty], e).allSatisfy { abs($0 - $1) <= tol }
}
