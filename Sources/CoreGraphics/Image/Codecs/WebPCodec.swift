import CQuartzWebP

/// WebP decoding through libwebp's advanced API, which says why decoding failed
/// (`VP8StatusCode`) and writes into memory we allocate after checking the size.
enum WebPCodec {
    static func decode(_ data: Data, maximumPixelCount: Int = .max) throws(CGImageDecodingError) -> CGImage {
        try data.withBytes { (raw) throws(CGImageDecodingError) -> CGImage in
            let src = raw.bindMemory(to: UInt8.self).baseAddress!
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else {
                throw .corrupt(.webp, message: "libwebp version mismatch")
            }
            let features = WebPGetFeatures(src, raw.count, &config.input)
            guard features == VP8_STATUS_OK else { throw failure(raw, features) }
            if config.input.has_animation != 0 { throw .unsupported(.webp, feature: "animation") }
            let alpha = config.input.has_alpha != 0
            let width = Int(config.input.width), height = Int(config.input.height)
            let bytesPerRow = try CGImage.decodedBytesPerRow(.webp, width: width, height: height,
                                                             bytesPerPixel: alpha ? 4 : 3,
                                                             maximumPixelCount: maximumPixelCount)
            var pixels = Data(count: bytesPerRow * height)
            let status = pixels.withUnsafeMutableBytes { dst in
                config.output.colorspace = alpha ? MODE_RGBA : MODE_RGB
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = dst.bindMemory(to: UInt8.self).baseAddress
                config.output.u.RGBA.stride = Int32(bytesPerRow)
                config.output.u.RGBA.size = dst.count
                defer { WebPFreeDecBuffer(&config.output) }
                return WebPDecode(src, raw.count, &config)
            }
            guard status == VP8_STATUS_OK else { throw failure(raw, status) }
            return CGImage.decoded(width: width, height: height, gray: false, alpha: alpha, pixels: pixels)
        }
    }

    /// Truncated when libwebp wanted more data or the RIFF header's size exceeds what is there.
    private static func failure(_ raw: UnsafeRawBufferPointer, _ status: VP8StatusCode) -> CGImageDecodingError {
        let riffSize = raw.count >= 8 ? raw[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } : 0
        if status == VP8_STATUS_NOT_ENOUGH_DATA || riffSize + 8 > raw.count { return .truncated(.webp) }
        if status == VP8_STATUS_UNSUPPORTED_FEATURE { return .unsupported(.webp, feature: "a feature of this file") }
        let reason = switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        default: "VP8 status \(status.rawValue)"
        }
        return .corrupt(.webp, message: reason)
    }
}
