extension CGImage {
    /// Decodes a PNG, JPEG or WebP file held in memory. Our addition: on Apple this is ImageIO's
    /// job (`CGImageSourceCreateImageAtIndex`), which reports failure only as nil.
    ///
    /// The format is found from the leading bytes, not from any name. The result keeps the
    /// file's own samples, top row first, 8 bits per component:
    /// - PNG: RGB 24 bpp (`.none`), RGBA 32 bpp with straight alpha (`.last`), gray 8 bpp, or
    ///   gray + alpha 16 bpp (`.last`). Palette and `tRNS` images are expanded; 16-bit samples
    ///   are scaled to 8 bits by libpng, treated as sRGB when the file has no `gAMA`/`sRGB` chunk;
    ///   a file whose `gAMA` is not sRGB's is converted to sRGB. Colour space sRGB or generic gray.
    /// - JPEG: RGB 24 bpp or gray 8 bpp, `.none`, sRGB or generic gray (ICC profiles ignored).
    /// - WebP: RGBA 32 bpp straight (`.last`) when the file has alpha, else RGB 24 bpp; sRGB.
    ///
    /// - Throws: `CGImageDecodingError`: `.empty`, `.unknownFormat`, `.truncated`, `.corrupt`
    ///   (with the library's message), `.unsupported` (CMYK JPEG, animated WebP), or `.tooLarge`
    ///   when the header declares more than `maximumDimension` pixels a side or
    ///   `maximumByteCount` bytes of pixels; that check happens before pixel memory is allocated.
    public static func decode(from data: Data) throws(CGImageDecodingError) -> CGImage {
        try decode(from: data, maximumPixelCount: .max)
    }

    /// Decodes as `decode(from:)` does, refusing (`.overPixelBudget`) an image whose header
    /// declares more than `maximumPixelCount` pixels — checked on the header, before pixel memory
    /// is allocated or any pixel decoded, so a small file declaring a huge image costs nothing.
    /// Our addition (a caller's own budget, below the fixed limits).
    public static func decode(from data: Data, maximumPixelCount: Int) throws(CGImageDecodingError) -> CGImage {
        guard !data.isEmpty else { throw .empty }
        guard let format = CGImageFileFormat(sniffing: data) else {
            throw .unknownFormat(leadingBytes: [UInt8](data.prefix(8)))
        }
        switch format {
        case .png: return try PNGCodec.decode(data, maximumPixelCount: maximumPixelCount)
        case .jpeg: return try JPEGCodec.decode(data, maximumPixelCount: maximumPixelCount)
        case .webp: return try WebPCodec.decode(data, maximumPixelCount: maximumPixelCount)
        }
    }

    /// Reads the file at `url` and decodes it as `decode(from:)` does. Our addition.
    /// - Throws: `CGImageDecodingError.unreadableFile` (with the path and Foundation's error)
    ///   when the file cannot be read, else the errors of `decode(from:)`.
    public static func decode(contentsOf url: URL) throws(CGImageDecodingError) -> CGImage {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadableFile(path: url.path, underlying: error)
        }
        return try decode(from: data)
    }

    /// The row length in bytes of a decoded `width`×`height` image of `bytesPerPixel`-byte pixels,
    /// rows packed tight; throws `.tooLarge` past the documented limits (checked without overflow).
    static func decodedBytesPerRow(_ format: CGImageFileFormat, width: Int, height: Int, bytesPerPixel: Int,
                                   maximumPixelCount: Int = .max) throws(CGImageDecodingError) -> Int {
        guard width > 0, height > 0 else { throw .corrupt(format, message: "zero image size \(width)×\(height)") }
        let (pixels, tooMany) = width.multipliedReportingOverflow(by: height)
        if tooMany || pixels > maximumPixelCount {
            throw .overPixelBudget(format, width: width, height: height, maximumPixelCount: maximumPixelCount)
        }
        let (count, overflow) = (width * bytesPerPixel).multipliedReportingOverflow(by: height)
        guard width <= maximumDimension, height <= maximumDimension, !overflow, count <= maximumByteCount else {
            throw .tooLarge(format, width: width, height: height)
        }
        return width * bytesPerPixel
    }

    /// A decoded image over tightly packed 8-bit rows: gray or RGB, with or without straight alpha.
    static func decoded(width: Int, height: Int, gray: Bool, alpha: Bool, pixels: Data) -> CGImage {
        let channels = (gray ? 1 : 3) + (alpha ? 1 : 0)
        let info = CGBitmapInfo(alphaInfo: alpha ? .last : .none)
        let space = gray ? CGColorSpace.sharedGenericGray : CGColorSpace.shared_sRGB
        let layout = PixelLayout(bitsPerComponent: 8, bitsPerPixel: 8 * channels, model: space.model,
                                 bitmapInfo: info)!
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 8 * channels,
                       bytesPerRow: width * channels, space: space, bitmapInfo: info, layout: layout,
                       pixels: pixels)
    }
}
