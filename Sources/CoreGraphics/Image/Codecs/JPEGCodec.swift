import CQuartzTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG 2 API (the tj3 API is not in this version).
enum JPEGCodec {
    static func decode(_ data: Data, maximumPixelCount: Int = .max) throws(CGImageDecodingError) -> CGImage {
        guard let tj = tjInitDecompress() else { throw .corrupt(.jpeg, message: "cannot start TurboJPEG") }
        defer { tjDestroy(tj) }
        return try data.withBytes { (raw) throws(CGImageDecodingError) -> CGImage in
            let src = raw.bindMemory(to: UInt8.self).baseAddress!
            var w: Int32 = 0, h: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(tj, src, UInt(raw.count), &w, &h, &subsamp, &colorspace) == 0 else {
                throw failure(raw, errorMessage(tj))
            }
            // Running out of data before the frame header "succeeds" with a 0×0 image.
            guard w > 0, h > 0 else { throw failure(raw, "no frame header") }
            if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
                throw .unsupported(.jpeg, feature: "CMYK colour")
            }
            let gray = colorspace == Int32(TJCS_GRAY.rawValue)
            let width = Int(w), height = Int(h)
            let bytesPerRow = try CGImage.decodedBytesPerRow(.jpeg, width: width, height: height,
                                                             bytesPerPixel: gray ? 1 : 3,
                                                             maximumPixelCount: maximumPixelCount)
            var pixels = Data(count: bytesPerRow * height)
            let format = gray ? TJPF_GRAY : TJPF_RGB
            // LIMITSCANS refuses progressive files with absurd scan counts (a known CPU-exhaustion trick).
            let status = pixels.withUnsafeMutableBytes { dst in
                tjDecompress2(tj, src, UInt(raw.count), dst.bindMemory(to: UInt8.self).baseAddress!,
                              w, Int32(bytesPerRow), h, Int32(format.rawValue), TJFLAG_LIMITSCANS)
            }
            if status != 0 {
                let message = errorMessage(tj)
                // Warnings (extraneous bytes, odd markers) still give a whole image; running
                // out of data does not, though libjpeg only warns about it.
                if tjGetErrorCode(tj) != Int32(TJERR_WARNING.rawValue) || message.contains("Premature end") {
                    throw failure(raw, message)
                }
            }
            return CGImage.decoded(width: width, height: height, gray: gray, alpha: false, pixels: pixels)
        }
    }

    /// Baseline JPEG: gray for gray (and alpha-only) images, else YCbCr, 4:4:4 chroma at
    /// quality ≥ 0.9 and 4:2:0 below. Alpha is dropped (see `straightPixelsForEncoding`).
    /// `quality` 0…1 maps to libjpeg's 1…100.
    static func encode(_ image: CGImage, quality: Double, background: CGColor?) throws(CGImageEncodingError) -> Data {
        guard quality.isFinite else { throw .invalidQuality(quality) }
        let (channels, packed) = image.straightPixelsForEncoding(keepAlpha: false, background: background)
        guard let tj = tjInitCompress() else { throw .encoderFailed(.jpeg, message: "cannot start TurboJPEG") }
        defer { tjDestroy(tj) }
        let q = Int32(max(1, min(100, (quality * 100).rounded())))
        let format = channels == 1 ? TJPF_GRAY : TJPF_RGB
        let subsamp = channels == 1 ? TJSAMP_GRAY : (quality >= 0.9 ? TJSAMP_444 : TJSAMP_420)
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(jpeg) }
        let status = packed.withUnsafeBytes { src in
            tjCompress2(tj, src.bindMemory(to: UInt8.self).baseAddress, Int32(image.width),
                        Int32(image.width * channels), Int32(image.height), Int32(format.rawValue),
                        &jpeg, &size, Int32(subsamp.rawValue), q, 0)
        }
        guard status == 0, let jpeg else { throw .encoderFailed(.jpeg, message: errorMessage(tj)) }
        return Data(bytes: jpeg, count: Int(size))
    }

    private static func errorMessage(_ tj: tjhandle) -> String {
        tjGetErrorStr2(tj).map { String(cString: $0) } ?? "unknown TurboJPEG error"
    }

    /// Truncated when libjpeg ran out of data or the file does not end with the EOI marker
    /// (trailing zero padding allowed); otherwise corrupt.
    private static func failure(_ raw: UnsafeRawBufferPointer, _ message: String) -> CGImageDecodingError {
        let body = raw.reversed().drop { $0 == 0 }
        let endsWithEOI = body.starts(with: [0xD9, 0xFF])
        return message.contains("Premature end") || !endsWithEOI ? .truncated(.jpeg) : .corrupt(.jpeg, message: message)
    }
}
