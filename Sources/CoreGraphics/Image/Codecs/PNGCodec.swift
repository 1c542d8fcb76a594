import CQuartzPNG

/// PNG decoding through libpng's simplified API (`png_image`), which reports errors in `message`
/// instead of the classic API's longjmp, which Swift cannot survive; encoding by `PNGWriter`.
enum PNGCodec {
    static func decode(_ data: Data, maximumPixelCount: Int = .max) throws(CGImageDecodingError) -> CGImage {
        try data.withBytes { (raw) throws(CGImageDecodingError) -> CGImage in
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            // Freed on every path; a no-op once libpng has freed it itself.
            defer { png_image_free(&png) }
            // libpng keeps `raw` until finish_read, so both calls stay inside this closure.
            guard png_image_begin_read_from_memory(&png, raw.baseAddress, raw.count) != 0 else {
                throw failure(raw, message(&png))
            }
            let color = png.format & PNG_FORMAT_FLAG_COLOR != 0
            let alpha = png.format & PNG_FORMAT_FLAG_ALPHA != 0
            let width = Int(png.width), height = Int(png.height)
            let bytesPerRow = try CGImage.decodedBytesPerRow(.png, width: width, height: height,
                                                             bytesPerPixel: (color ? 3 : 1) + (alpha ? 1 : 0),
                                                             maximumPixelCount: maximumPixelCount)
            // 8-bit, straight ("PNG") alpha, sRGB-encoded output: 8-bit sRGB files pass through untouched.
            png.format = (color ? PNG_FORMAT_FLAG_COLOR : 0) | (alpha ? PNG_FORMAT_FLAG_ALPHA : 0)
            png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = Data(count: bytesPerRow * height)
            let ok = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&png, nil, $0.baseAddress, Int32(bytesPerRow), nil)
            }
            // libpng stops after the image data; a file cut before IEND still counts as truncated.
            guard ok != 0, !isTruncated(raw) else { throw failure(raw, message(&png)) }
            return CGImage.decoded(width: width, height: height, gray: !color, alpha: alpha, pixels: pixels)
        }
    }

    /// Gray, gray + alpha, RGB or RGBA, 8 bits, straight alpha: the smallest that keeps `image`
    /// (written by `PNGWriter`).
    static func encode(_ image: CGImage) throws(CGImageEncodingError) -> Data {
        let (channels, packed) = image.straightPixelsForEncoding(keepAlpha: true)
        return try packed.withBytes { (raw) throws(CGImageEncodingError) -> Data in
            try PNGWriter.encode(raw, width: image.width, height: image.height, channels: channels)
        }
    }

    private static func message(_ png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Truncated when the chunk sequence runs out before `IEND`; otherwise corrupt.
    private static func failure(_ raw: UnsafeRawBufferPointer, _ message: String) -> CGImageDecodingError {
        isTruncated(raw) ? .truncated(.png) : .corrupt(.png, message: message)
    }

    /// Walks the chunks (4-byte big-endian length, 4-byte type, data, 4-byte CRC) after the signature.
    static func isTruncated(_ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 8
        while offset + 8 <= raw.count {
            let length = raw[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            if raw[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { return end > raw.count }
            offset = end
        }
        return true
    }
}
