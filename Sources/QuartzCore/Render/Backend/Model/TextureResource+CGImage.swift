import CoreGraphics

extension TextureResource {
    /// The pixels of `image` converted once to premultiplied ARGB32 (drawn 1:1 by CoreGraphics,
    /// which handles every layout `CGImage` accepts). Row 0 is the image's top row. An alpha-only
    /// image mask becomes black with the mask's coverage as alpha (how a `CGContext` paints it
    /// with its default fill colour). nil when the image is too large.
    package convenience init?(image: CGImage, id: UInt64? = nil, generation: UInt64 = 0) {
        self.init(zeroedWidth: image.width, height: image.height, id: id, generation: generation)
        guard let context = CGContext(data: base, width: width, height: height, bitsPerComponent: 8,
                                      bytesPerRow: stride, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst,
                                                               byteOrder: .order32Little))
        else { return nil }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
    }
}
