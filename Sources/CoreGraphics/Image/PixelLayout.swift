/// How one pixel of an 8-bit-per-component bitmap is laid out in memory: the byte offset of each
/// channel inside the pixel (nil when absent) and whether colour is premultiplied by alpha.
/// Derived once from (bits per component/pixel, colour model, alpha info, byte order).
struct PixelLayout: Hashable, Sendable {
    var bytesPerPixel: Int
    /// Offsets of r, g, b (all equal for gray) and alpha.
    var r: Int?, g: Int?, b: Int?, a: Int?
    var premultiplied: Bool
    var isGray: Bool { r != nil && r == g && g == b }

    /// The layout, or nil for a combination this implementation does not read.
    init?(bitsPerComponent: Int, bitsPerPixel: Int, model: CGColorSpaceModel?, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, bitmapInfo.intersection(.floatInfoMask).isEmpty,
              let alpha = bitmapInfo.alphaInfo else { return nil }
        let order = bitmapInfo.byteOrder
        premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        let hasAlphaByte = alpha != .none
        let alphaFirst = alpha == .premultipliedFirst || alpha == .first || alpha == .noneSkipFirst
        let keepsAlpha = alpha != .noneSkipFirst && alpha != .noneSkipLast && alpha != .none
        switch model {
        case nil where alpha == .alphaOnly && bitsPerPixel == 8:
            bytesPerPixel = 1; r = nil; g = nil; b = nil; a = 0; return
        case .monochrome?:
            if bitsPerPixel == 8 && !hasAlphaByte {
                bytesPerPixel = 1; r = 0; g = 0; b = 0; a = nil; return
            }
            guard bitsPerPixel == 16, hasAlphaByte, alpha != .alphaOnly else { return nil }
            var (gray, al) = alphaFirst ? (1, 0) : (0, 1)
            if order == .order16Little { swap(&gray, &al) }
            guard order == .orderDefault || order == .order16Little || order == .order16Big else { return nil }
            bytesPerPixel = 2; r = gray; g = gray; b = gray; a = keepsAlpha ? al : nil
        case .rgb?:
            if bitsPerPixel == 24 && !hasAlphaByte && (order == .orderDefault || order == .order32Big) {
                bytesPerPixel = 3; r = 0; g = 1; b = 2; a = nil; return
            }
            guard bitsPerPixel == 32, hasAlphaByte, alpha != .alphaOnly,
                  order == .orderDefault || order == .order32Big || order == .order32Little else { return nil }
            // Big-endian (memory) order of the four components, then reversed for 32Little.
            var offs = alphaFirst ? (a: 0, r: 1, g: 2, b: 3) : (a: 3, r: 0, g: 1, b: 2)
            if order == .order32Little { offs = (3 - offs.a, 3 - offs.r, 3 - offs.g, 3 - offs.b) }
            bytesPerPixel = 4; r = offs.r; g = offs.g; b = offs.b; a = keepsAlpha ? offs.a : nil
        default:
            return nil
        }
    }

    /// Layout of cairo's ARGB32 on a little-endian machine: B, G, R, A bytes, premultiplied.
    static let cairoARGB32 = PixelLayout(bitsPerComponent: 8, bitsPerPixel: 32, model: .rgb,
        bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little))!
}
