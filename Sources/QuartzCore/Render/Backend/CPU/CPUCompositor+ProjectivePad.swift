import CQuartzPixman

/// pixman 0.42's projective fetch computes a texel position as `((uint64_t)x << 16) / w`: a
/// position left of or above the image (x or y negative, as where an antialiased edge pixel's
/// centre lies just outside the quad) becomes garbage, so such a pixel read a far texel
/// (clamp) or nothing (transparent) instead of the edge's. The warp therefore reads a copy of
/// its source with `margin` texels added at the left and top (the edge texels repeated for
/// PAD, transparent for NONE: the same pixels pixman would read there) and positions moved
/// by it, so every pixel within `margin` texels of the image reads right; those further out
/// lie outside the outline cairo paints through.
extension CPUCompositor.ProjectiveSource {
    /// Texels added at the left and top.
    static let margin = 8
    /// Sources larger than this many pixels keep the fault rather than a copy per draw.
    static let largest = 1 << 22

    /// This source read from a copy with `margin` texels more at the left and top; itself when
    /// too large to copy.
    func padded() -> Self {
        let k = Self.margin, w = image.width + k, h = image.height + k
        guard image.width * image.height <= Self.largest, let copy = TextureResource(zeroedWidth: w, height: h)
        else { return self }
        let pad = repeatMode == PIXMAN_REPEAT_PAD
        for y in 0..<h {
            let sy = y - k
            guard sy >= 0 || pad else { continue }
            let s = (image.base + max(sy, 0) * image.stride).assumingMemoryBound(to: UInt32.self)
            let d = (copy.base + y * copy.stride).assumingMemoryBound(to: UInt32.self)
            (d + k).update(from: s, count: image.width)
            if pad { d.update(repeating: s[0], count: k) }
        }
        var out = self
        out.image = copy
        out.toLocal = ProjectiveTransform.translation(x: -Double(k), y: -Double(k)).concatenating(toLocal)
        return out
    }
}
