import CQuartzCairo

extension CGContext {
    /// Creates a bitmap context (Apple's `init?(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455939-init).
    ///
    /// Supported formats (Apple's documented set for 8 bits per component): RGB 32 bpp with
    /// alpha `premultipliedFirst/Last` or `noneSkipFirst/Last` in default, 32Big or 32Little byte
    /// order; gray 8 bpp with no alpha; alpha-only 8 bpp (`space` ignored). `data` nil: the context
    /// allocates and zero-fills its own buffer. `bytesPerRow` 0: computed (rows 4-byte aligned).
    /// Returns nil for other formats, non-positive sizes, sizes over `CGImage.maximumDimension`,
    /// buffers over `CGImage.maximumByteCount` or a `bytesPerRow` smaller than one row.
    /// A context over the caller's buffer draws over the bytes already there.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard bitsPerComponent == 8, let alpha = info.alphaInfo else { return nil }
        let isAlphaOnly = alpha == .alphaOnly
        let model: CGColorSpaceModel? = isAlphaOnly ? nil : space.model
        let bpp: Int
        switch (model, alpha) {
        case (nil, .alphaOnly): bpp = 8
        case (.monochrome?, .none): bpp = 8
        case (.rgb?, .premultipliedFirst), (.rgb?, .premultipliedLast),
             (.rgb?, .noneSkipFirst), (.rgb?, .noneSkipLast): bpp = 32
        default: return nil
        }
        guard let layout = PixelLayout(bitsPerComponent: 8, bitsPerPixel: bpp, model: model, bitmapInfo: info)
        else { return nil }
        // Bound the dimensions before any arithmetic on them, so nothing can overflow.
        guard width > 0, height > 0, width <= CGImage.maximumDimension, height <= CGImage.maximumDimension
        else { return nil }
        let minRow = width * (bpp / 8)
        let rowBytes = bytesPerRow == 0 ? (minRow + 3) & ~3 : bytesPerRow
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard rowBytes >= minRow, !overflow, total <= CGImage.maximumByteCount,
              CGImage.validate(width: width, height: height, bytesPerRow: rowBytes,
                               bytesPerPixel: bpp / 8, count: total) else { return nil }
        // cairo can draw into the caller's memory when the layout is its own.
        let format: cairo_format_t
        var direct = false
        if isAlphaOnly {
            format = CAIRO_FORMAT_A8
            direct = rowBytes % 4 == 0
        } else {
            // No alpha (RGB skip layouts, gray): RGB24, so cairo treats the destination as opaque,
            // as Apple's alpha-less contexts do (a clear then a translucent fill blends with black).
            format = layout.a == nil ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
            let native = layout.r == 2 && layout.g == 1 && layout.b == 0 && bpp == 32
                && (layout.a == 3 ? layout.premultiplied : layout.a == nil)
            direct = native && rowBytes % 4 == 0
        }
        let buffer: UnsafeMutableRawPointer
        let owns = data == nil
        if let data { buffer = data } else {
            buffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            buffer.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
        }
        let target = BitmapTarget(data: buffer, ownsData: owns, width: width, height: height,
                                  bitsPerComponent: 8, bitsPerPixel: bpp, bytesPerRow: rowBytes,
                                  space: isAlphaOnly ? nil : space, bitmapInfo: info, layout: layout,
                                  format: format, isDirect: direct)
        guard cairo_surface_status(target.surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.init(surface: cairo_surface_reference(target.surface), height: CGFloat(height), bitmap: target)
    }

    /// `CGBitmapInfo` spelling of the bitmap initializer.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    /// The bitmap's pixels in the layout it was created with, always current after each drawing
    /// call; nil for PDF contexts. Row 0 is the TOP row of the image (as Apple's).
    public var data: UnsafeMutableRawPointer? { bitmap?.data }
    /// Width in pixels (0 for PDF contexts).
    public var width: Int { bitmap?.width ?? 0 }
    /// Height in pixels (0 for PDF contexts).
    public var height: Int { bitmap?.height ?? 0 }
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
    public var bitsPerPixel: Int { bitmap?.bitsPerPixel ?? 0 }
    public var colorSpace: CGColorSpace? { bitmap?.space }
    public var bitmapInfo: CGBitmapInfo { bitmap?.bitmapInfo ?? [] }
    public var alphaInfo: CGImageAlphaInfo { bitmap?.bitmapInfo.alphaInfo ?? .none }

    /// A snapshot of the bitmap as an image with the context's own layout (Apple's `makeImage()`);
    /// later drawing does not change it. nil for PDF contexts.
    public func makeImage() -> CGImage? {
        guard let b = bitmap else { return nil }
        cairo_surface_flush(surface)
        let pixels = Data(bytes: b.data, count: b.bytesPerRow * b.height)
        return CGImage(width: b.width, height: b.height, bitsPerComponent: b.bitsPerComponent,
                       bitsPerPixel: b.bitsPerPixel, bytesPerRow: b.bytesPerRow, space: b.space,
                       bitmapInfo: b.bitmapInfo, layout: b.layout, pixels: pixels)
    }
}
