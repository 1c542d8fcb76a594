import CoreGraphics
import Foundation

/// A layer's content as drawing calls: `draw(in:)` again into the context when the layer drew
/// its backing store that way, else the backing store or the `contents` image, placed as the
/// compositor places it (`contentsGravity`, `contentsRect`, `contentsCenter`, `contentsScale`,
/// first row at `bounds.minY` when the contents are flipped; see FrameBuilder+Contents.swift).
extension VectorRenderer {
    func contents(_ snap: LayerSnapshot, _ st: LayerState, opacity: Double, flipped: Bool) {
        let image: CGImage, firstRowAtMinY: Bool, pixelsPerPoint: CGFloat
        if let store = snap.backingStore {
            if let layer = drawers[snap.id] { return redraw(layer, st, opacity: opacity) }
            guard let i = store.texture.makeCGImage() else { return }
            image = i; firstRowAtMinY = store.firstRowAtMinY; pixelsPerPoint = store.scale
        } else if let i = ValueNormalizer.unwrap(st.contents) as? CGImage {
            image = i; firstRowAtMinY = flipped
            pixelsPerPoint = st.contentsScale > 0 && st.contentsScale.isFinite ? st.contentsScale : 1
        } else {
            return
        }
        let w = CGFloat(image.width), h = CGFloat(image.height)
        guard let (source, dest) = ContentsLayout.placement(width: image.width, height: image.height,
                                                            pixelsPerPoint: pixelsPerPoint, state: st,
                                                            topIsMinY: flipped) else { return }
        let magnifying = Double(dest.width) * deviceScale >= Double(source.width) - 1e-9
        let filter = magnifying ? st.magnificationFilter : st.minificationFilter
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setAlpha(CGFloat(opacity))
        ctx.interpolationQuality = filter == .nearest ? .none : filter == .trilinear ? .medium : .default
        let slices = ContentsLayout.nineSlices(source: source, destination: dest, center: st.contentsCenter,
                                               scale: pixelsPerPoint)
        // As in the compositor: seams between nine-part slices are hard (half-covered pixels
        // from two slices would let the background through), and so are the outer edges
        // unless the layer allows edge antialiasing.
        let hardClips = slices.count > 1 || !st.allowsEdgeAntialiasing
        for slice in slices {
            var d = slice.destination
            ctx.saveGState()
            if firstRowAtMinY {
                // The slice's first row belongs at d.minY: flip about its middle, then draw upright.
                ctx.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: d.minY + d.maxY))
            } else {
                // The layout is mirrored about the destination's middle.
                d.origin.y = 2 * dest.midY - d.maxY
            }
            if hardClips { ctx.setShouldAntialias(false) }
            ctx.clip(to: d)
            if hardClips { ctx.setShouldAntialias(true) }
            // The slice's whole pixels cut out (so filtering never reads the neighbouring
            // slice, as the compositor clamps to the source rectangle), scaled so that the
            // source rectangle lands on d with its first row at d.maxY.
            let s = slice.source, cut = s.integral.intersection(CGRect(x: 0, y: 0, width: w, height: h))
            // The whole image is drawn as itself, so a PDF embeds it once however many layers show it.
            let whole = cut == CGRect(x: 0, y: 0, width: w, height: h)
            guard !cut.isNull, cut.width > 0, cut.height > 0, let piece = whole ? image : image.cropping(to: cut) else {
                ctx.restoreGState(); continue
            }
            let sx = d.width / s.width, sy = d.height / s.height
            let full = CGRect(x: d.minX - (s.minX - cut.minX) * sx, y: d.maxY + (s.minY - cut.minY) * sy - cut.height * sy,
                              width: cut.width * sx, height: cut.height * sy)
            ctx.draw(piece, in: full)
            ctx.restoreGState()
        }
    }

    /// Calls `draw(in:)` with the context set up as the layer's backing store context is (user
    /// space = bounds space, clipped to the bounds, default colours and line settings), inside
    /// a transparency layer carrying the opacity.
    func redraw(_ layer: CALayer, _ st: LayerState, opacity: Double) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: st.bounds)
        ctx.setAlpha(CGFloat(opacity))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.setStrokeColor(CGColor(gray: 0, alpha: 1))
        ctx.setLineWidth(1)
        ctx.setLineCap(.butt)
        ctx.setLineJoin(.miter)
        ctx.setMiterLimit(10)
        ctx.setLineDash(phase: 0, lengths: [])
        ctx.beginPath()
        layer.draw(in: ctx)
        ctx.endTransparencyLayer()
    }

    /// Device units (pixels or PDF points) per user-space unit at the current CTM.
    var deviceScale: Double {
        let t = ctx.ctm
        let k = Double(abs(t.a * t.d - t.b * t.c)).squareRoot()
        return k > 0 && k.isFinite ? k : 1
    }
}

extension TextureResource {
    /// The pixels as a `CGImage` (premultiplied BGRA, as the compositor stores them).
    func makeCGImage() -> CGImage? {
        let data = withUnsafeBytes { Data($0) }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: stride,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
                       provider: CGDataProvider(data: data), decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)
    }
}
