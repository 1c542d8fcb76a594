import CoreGraphics
import Foundation

/// Texture quads as images (or, for a layer's backing store under `render(in:)`, its
/// `draw(in:)` again): `sourceRect` of the texture stretched onto the quad's rect, texture
/// row 0 on `rect.minY`, as the CPU backend samples it.
extension VectorBackend {
    func drawTexture(_ texture: TextureResource, source s: CGRect, filter: TextureFilter, rect r: CGRect,
                     hardEdges: QuadEdges, in ctx: CGContext) {
        let w = CGFloat(texture.width), h = CGFloat(texture.height)
        let all = CGRect(x: 0, y: 0, width: w, height: h)
        if let redraw = redraws[ObjectIdentifier(texture)], s == all {
            ctx.clip(to: r)
            return redraw.draw(onto: r, in: ctx)
        }
        ctx.interpolationQuality = filter == .nearest ? .none : filter == .trilinear ? .medium : .default
        // The source's whole pixels cut out (filtering never reads past the source rectangle,
        // as the CPU backend clamps to it); the whole texture is drawn as one image, so a PDF
        // embeds it once however many quads show it.
        let cut = s.integral.intersection(all)
        guard !cut.isNull, cut.width > 0, cut.height > 0, s.width > 0, s.height > 0,
              let image = image(of: texture),
              let piece = cut == all ? image : image.cropping(to: cut) else { return }
        let sx = r.width / s.width, sy = r.height / s.height
        let full = CGRect(x: r.minX - (s.minX - cut.minX) * sx, y: r.minY - (s.minY - cut.minY) * sy,
                          width: cut.width * sx, height: cut.height * sy)
        ctx.clip(to: Self.grow(r, hardEdges))   // the hard edges are already cut (clipHard)
        // A CGContext draws an image's first row at the rectangle's maxY: flip about its middle.
        ctx.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: full.minY + full.maxY))
        ctx.draw(piece, in: full)
    }

    /// The texture as a `CGImage`, made once per draw.
    func image(of texture: TextureResource) -> CGImage? {
        if let i = images[ObjectIdentifier(texture)] { return i }
        let i = texture.makeCGImage()
        images[ObjectIdentifier(texture)] = i
        return i
    }
}

extension TextureResource {
    /// The pixels as a `CGImage` (premultiplied BGRA, as the CPU backend stores them).
    func makeCGImage() -> CGImage? {
        let data = withUnsafeBytes { Data($0) }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: stride,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
                       provider: CGDataProvider(data: data), decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)
    }
}
