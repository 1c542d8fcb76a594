import CoreGraphics

/// Draws one tile of a tiled layer through the layer's `draw(in:)` (so the delegate's
/// `draw(_:in:)`), on the calling (background) thread.
///
/// The context's user space is the layer's bounds space (points) scaled to the tile's level,
/// y-flipped when the layer's contents are flipped, and clipped to the tile's rectangle, so
/// `boundingBoxOfClipPath` is the tile and the CTM's scale its resolution, as Apple documents
/// (https://developer.apple.com/documentation/quartzcore/catiledlayer). The bitmap's first row
/// is at the tile's minY when `flipped`, else at its maxY.
enum TileDrawing {
    static func draw(_ layer: CALayer, rect r: CGRect, pixelsPerPoint s: Double, flipped: Bool) -> TextureResource? {
        let w = Int((Double(r.width) * s).rounded(.up)), h = Int((Double(r.height) * s).rounded(.up))
        guard w > 0, h > 0, w <= 8192, h <= 8192, let space = CGColorSpace(name: CGColorSpace.sRGB),
              let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        let k = CGFloat(s)
        if flipped {
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: k, y: -k)
            ctx.translateBy(x: -r.minX, y: -r.minY)
        } else {
            ctx.scaleBy(x: k, y: k)
            ctx.translateBy(x: -r.minX, y: -(r.maxY - CGFloat(h) / k))
        }
        ctx.clip(to: r)
        layer.draw(in: ctx)
        guard let data = ctx.data else { return nil }
        return TextureResource(bytes: UnsafeRawBufferPointer(start: data, count: ctx.bytesPerRow * h),
                               width: w, height: h, bytesPerRow: ctx.bytesPerRow)
    }
}
