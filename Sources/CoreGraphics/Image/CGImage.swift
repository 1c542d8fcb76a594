/// An immutable bitmap image.
///
/// Pixels are kept exactly as given (straight or premultiplied alpha, their byte order) and
/// reported truthfully; a premultiplied ARGB32 copy for cairo is made lazily, once, when the
/// image is first drawn. Supported layouts: 8 bits per component — RGB 24/32 bpp in every alpha
/// position and 32-bit byte order, gray 8 bpp, gray + alpha 16 bpp, and alpha-only masks (no
/// colour space). Width and height are in pixels, origin at the top-left row of the data.
/// Follows Apple's `CGImage` (https://developer.apple.com/documentation/coregraphics/cgimage).
public final class CGImage: Hashable, @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    public let dataProvider: CGDataProvider?
    public let decode: UnsafePointer<CGFloat>? = nil
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    /// Whether this is an image mask (`init(maskWidth:…)`): 1 = paint, 0 = clear, before decode.
    public let isMask: Bool

    let layout: PixelLayout
    let pixels: Data
    /// The cairo surface built from the pixels on first use (see CGImage+Cairo.swift).
    let surfaceCache = SurfaceCache()

    /// The largest width or height accepted, in pixels (cairo's own limit).
    public static let maximumDimension = 32767
    /// The largest pixel buffer accepted, in bytes (1 GiB), so no input allocates without bound.
    public static let maximumByteCount = 1 << 30

    /// An image over the provider's bytes. Returns nil (as Apple does) for zero or negative
    /// sizes, sizes over `maximumDimension`, a `bytesPerRow` too small for a row, too few bytes,
    /// or a pixel layout not listed on the type. `decode` must be nil here.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard decode == nil,
              let layout = PixelLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                       model: bitmapInfo.alphaInfo == .alphaOnly ? nil : space.model,
                                       bitmapInfo: bitmapInfo),
              let data = provider.data,
              CGImage.validate(width: width, height: height, bytesPerRow: bytesPerRow,
                               bytesPerPixel: layout.bytesPerPixel, count: data.count)
        else { return nil }
        self.width = width; self.height = height
        self.bitsPerComponent = bitsPerComponent; self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow; self.colorSpace = space; self.bitmapInfo = bitmapInfo
        self.dataProvider = provider; self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent; self.isMask = false
        self.layout = layout; self.pixels = data
    }

    /// An image mask, 8 bits per pixel (Apple's `init(maskWidth:…)`; only 8-bit masks are
    /// supported). As the Quartz 2D guide documents, mask samples are inverted coverage:
    /// 0 paints fully, 255 blocks painting.
    public init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                 bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                 shouldInterpolate: Bool) {
        guard decode == nil, bitsPerComponent == 8, bitsPerPixel == 8, let data = provider.data,
              CGImage.validate(width: width, height: height, bytesPerRow: bytesPerRow, bytesPerPixel: 1,
                               count: data.count) else { return nil }
        self.width = width; self.height = height
        self.bitsPerComponent = 8; self.bitsPerPixel = 8; self.bytesPerRow = bytesPerRow
        self.colorSpace = nil; self.bitmapInfo = CGBitmapInfo(alphaInfo: .alphaOnly)
        self.dataProvider = provider; self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = .defaultIntent; self.isMask = true
        self.layout = PixelLayout(bitsPerComponent: 8, bitsPerPixel: 8, model: nil,
                                  bitmapInfo: CGBitmapInfo(alphaInfo: .alphaOnly))!
        // Store as coverage (255 = paint) so drawing can use it directly as an alpha mask.
        self.pixels = Data(data.map { 255 - $0 })
    }

    /// Internal designated initializer for images made by contexts and decoders.
    init(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
         space: CGColorSpace?, bitmapInfo: CGBitmapInfo, layout: PixelLayout, pixels: Data,
         shouldInterpolate: Bool = true) {
        self.width = width; self.height = height
        self.bitsPerComponent = bitsPerComponent; self.bitsPerPixel = bitsPerPixel
        self.bytesPerRow = bytesPerRow; self.colorSpace = space; self.bitmapInfo = bitmapInfo
        self.dataProvider = CGDataProvider(data: pixels); self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = .defaultIntent; self.isMask = false
        self.layout = layout; self.pixels = pixels
    }

    static func validate(width: Int, height: Int, bytesPerRow: Int, bytesPerPixel: Int, count: Int) -> Bool {
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension,
              bytesPerRow >= width * bytesPerPixel else { return false }
        let (total, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        // The byte limit first, so the sum below cannot overflow for a huge bytesPerRow.
        guard !overflow, total <= maximumByteCount,
              total + width * bytesPerPixel <= count else { return false }
        return true
    }

    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }
    /// The byte-order part of `bitmapInfo`.
    public var byteOrderInfo: CGImageByteOrderInfo { bitmapInfo.byteOrder }

    /// The sub-image inside `rect` (pixels, origin top-left), sharing no storage with `self`.
    /// `rect` is intersected with the image bounds and made integral; nil when nothing remains.
    /// (https://developer.apple.com/documentation/coregraphics/cgimage/1454683-cropping)
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        let bpp = layout.bytesPerPixel, rowBytes = w * bpp
        var out = Data(count: rowBytes * h)
        out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                for y in 0..<h {
                    let s = (y0 + y) * bytesPerRow + x0 * bpp
                    dst.baseAddress!.advanced(by: y * rowBytes)
                        .copyMemory(from: src.baseAddress!.advanced(by: s), byteCount: rowBytes)
                }
            }
        }
        return CGImage(width: w, height: h, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: rowBytes, space: colorSpace, bitmapInfo: bitmapInfo, layout: layout,
                       pixels: out, shouldInterpolate: shouldInterpolate)
    }

    /// A copy with a different colour space of the same model (Apple's `copy(colorSpace:)`).
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard let own = colorSpace, own.model == space.model else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent,
                       bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow, space: space,
                       bitmapInfo: bitmapInfo, layout: layout, pixels: pixels,
                       shouldInterpolate: shouldInterpolate)
    }

    /// Identity: two images are equal only when they are the same object (as Apple's CFEqual on images).
    public static func == (l: CGImage, r: CGImage) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
