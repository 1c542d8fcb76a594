extension CGImage {
    /// The image as a PNG file. Our addition (Apple: `CGImageDestination` with `"public.png"`).
    ///
    /// Written 8 bits per channel with straight alpha and an sRGB chunk: gray images as gray
    /// (+ alpha) PNGs, the rest as RGB or RGBA. Straight-alpha pixels are written byte for byte,
    /// so decoding a PNG and encoding it again is exact even for translucent pixels;
    /// premultiplied pixels are divided by alpha as `straightRGBA8()` documents. Alpha-only
    /// images and masks are written as black with their coverage as alpha.
    /// - Throws: `CGImageEncodingError.encoderFailed` with libpng's message.
    public func pngData() throws(CGImageEncodingError) -> Data {
        try PNGCodec.encode(self)
    }

    /// The image as a baseline JPEG file. Our addition (Apple: `CGImageDestination` with
    /// `"public.jpeg"`, `kCGImageDestinationLossyCompressionQuality` and
    /// `kCGImageDestinationBackgroundColor`).
    ///
    /// `quality` runs from 0 (smallest file) to 1 (best), clamped to that range, and maps to
    /// libjpeg's 1…100. JPEG has no alpha. With `backgroundColor` nil (the default) alpha is
    /// simply dropped, composited over nothing: each pixel keeps its straight colour, so fully
    /// transparent premultiplied pixels come out black. With a colour, each pixel is composited
    /// over it in sRGB bytes (its own alpha ignored), as ImageIO does with white by default.
    /// Gray images are written as gray JPEGs; colour ones as YCbCr with 4:4:4 chroma at
    /// quality ≥ 0.9, 4:2:0 below.
    /// - Throws: `CGImageEncodingError.invalidQuality` for NaN or infinite quality,
    ///   `.encoderFailed` with TurboJPEG's message.
    public func jpegData(quality: Double = 0.9, backgroundColor: CGColor? = nil) throws(CGImageEncodingError) -> Data {
        try JPEGCodec.encode(self, quality: quality, background: backgroundColor)
    }

    /// Writes `pngData()` to `url` atomically (a temporary file renamed over the target), so a
    /// reader never sees half a file. Our addition.
    /// - Throws: `CGImageEncodingError.unwritableFile` with the path and Foundation's error.
    public func write(pngTo url: URL) throws(CGImageEncodingError) {
        try CGImage.write(pngData(), to: url)
    }

    /// Writes `data` to `url` atomically, wrapping Foundation's error.
    static func write(_ data: Data, to url: URL) throws(CGImageEncodingError) {
        do { try data.write(to: url, options: .atomic) } catch {
            throw .unwritableFile(path: url.path, underlying: error)
        }
    }
}
