import CoreGraphics

extension TextureResource {
    /// The pixels of `source` (whole pixels around it) multiplied by `tint` component by
    /// component — premultiplied colour × premultiplied image, so a white opaque tint changes
    /// nothing and alpha scales everything — as a new texture, with `source` moved into it.
    /// Made per quad at draw time and dropped after it, so memory stays one region at a time.
    /// nil when the region is empty or the tint draws nothing.
    func tinted(_ tint: PremultipliedColor, source: CGRect) -> (TextureResource, CGRect)? {
        let clamp = { (v: Double) in min(max(v.isFinite ? v : 0, 0), 1) }
        let a = clamp(tint.alpha)
        guard a > 0 else { return nil }
        let m = [clamp(tint.red), clamp(tint.green), clamp(tint.blue)].map { min($0, a) }
        let x0 = max(0, Int(source.minX.rounded(.down))), y0 = max(0, Int(source.minY.rounded(.down)))
        let x1 = min(width, Int(source.maxX.rounded(.up))), y1 = min(height, Int(source.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0, let out = TextureResource(zeroedWidth: x1 - x0, height: y1 - y0) else { return nil }
        // Fixed point: factors in 0…256.
        let fa = UInt32((a * 256).rounded()), fr = UInt32((m[0] * 256).rounded())
        let fg = UInt32((m[1] * 256).rounded()), fb = UInt32((m[2] * 256).rounded())
        for y in y0..<y1 {
            let src = (base + y * stride).assumingMemoryBound(to: UInt32.self)
            let dst = (out.base + (y - y0) * out.stride).assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let p = src[x]
                // (Swift's >> binds tighter than *.)
                let pa = ((p >> 24) * fa) >> 8, pr = (((p >> 16) & 0xFF) * fr) >> 8
                let pg = (((p >> 8) & 0xFF) * fg) >> 8, pb = ((p & 0xFF) * fb) >> 8
                dst[x - x0] = pa << 24 | min(pr, pa) << 16 | min(pg, pa) << 8 | min(pb, pa)
            }
        }
        return (out, source.offsetBy(dx: CGFloat(-x0), dy: CGFloat(-y0)))
    }
}
