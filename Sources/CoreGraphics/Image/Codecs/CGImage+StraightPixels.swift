extension CGImage {
    /// The pixels as tightly packed straight (non-premultiplied) RGBA, 8 bits each, top row first:
    /// `width × height × 4` bytes.
    ///
    /// Straight sources are copied exactly. Premultiplied colour is divided by alpha, rounded
    /// to nearest and clamped to 255 (`min(255, (c·255 + a/2) / a)`; colour is 0 where alpha is 0),
    /// so it is exact only where the premultiplied value was. Gray repeats into r, g, b; alpha is
    /// 255 for layouts without alpha; alpha-only images and masks read as black with their coverage.
    func straightRGBA8() -> Data {
        packStraight(channels: 4) { out, r, g, b, a in out[0] = r; out[1] = g; out[2] = b; out[3] = a }
    }

    /// The pixels in the smallest packed straight layout that keeps them, for encoders:
    /// 1 = gray, 2 = gray + alpha, 3 = RGB, 4 = RGBA (same conversions as `straightRGBA8()`).
    /// Alpha-only images count as gray (black) + alpha. With `keepAlpha` false alpha is dropped:
    /// each pixel keeps its straight colour, or, given a `background`, is composited over it
    /// (`(c·a + bg·(255 − a)) / 255`, rounded; the background's own alpha is ignored).
    func straightPixelsForEncoding(keepAlpha: Bool, background: CGColor? = nil) -> (channels: Int, pixels: Data) {
        let gray = layout.r == nil || layout.isGray
        let alpha = keepAlpha && layout.a != nil
        let over = alpha || layout.a == nil ? nil : background.map(CGImage.backgroundBytes)
        @inline(__always) func blend(_ c: UInt8, _ a: UInt8, _ bg: UInt32) -> UInt8 {
            UInt8((UInt32(c) * UInt32(a) + bg * (255 - UInt32(a)) + 127) / 255)
        }
        switch (gray, alpha) {
        case (true, false):
            if let bg = over {
                return (1, packStraight(channels: 1) { out, r, _, _, a in out[0] = blend(r, a, bg.gray) })
            }
            return (1, packStraight(channels: 1) { out, r, _, _, _ in out[0] = r })
        case (true, true): return (2, packStraight(channels: 2) { out, r, _, _, a in out[0] = r; out[1] = a })
        case (false, false):
            if let bg = over {
                return (3, packStraight(channels: 3) { out, r, g, b, a in
                    out[0] = blend(r, a, bg.r); out[1] = blend(g, a, bg.g); out[2] = blend(b, a, bg.b)
                })
            }
            return (3, packStraight(channels: 3) { out, r, g, b, _ in out[0] = r; out[1] = g; out[2] = b })
        case (false, true): return (4, straightRGBA8())
        }
    }

    /// A colour as sRGB bytes and as a generic-gray byte, for compositing.
    private static func backgroundBytes(_ color: CGColor) -> (r: UInt32, g: UInt32, b: UInt32, gray: UInt32) {
        func byte(_ v: CGFloat) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let c = color.rgba
        let gray = color.converted(to: .sharedGenericGray)?.components?.first ?? (c.r + c.g + c.b) / 3
        return (byte(c.r), byte(c.g), byte(c.b), byte(gray))
    }

    /// Visits every pixel as straight (r, g, b, a) and lets `store` write `channels` bytes of it.
    private func packStraight(channels: Int,
                              _ store: (UnsafeMutablePointer<UInt8>, UInt8, UInt8, UInt8, UInt8) -> Void) -> Data {
        let bpp = layout.bytesPerPixel
        let ro = layout.r, go = layout.g, bo = layout.b, ao = layout.a
        let premultiplied = layout.premultiplied
        var out = Data(count: width * height * channels)
        out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                let s = src.bindMemory(to: UInt8.self).baseAddress!
                var o = dst.bindMemory(to: UInt8.self).baseAddress!
                for y in 0..<height {
                    var p = s + y * bytesPerRow
                    for _ in 0..<width {
                        let a = ao.map { p[$0] } ?? 255
                        var r = ro.map { p[$0] } ?? 0, g = go.map { p[$0] } ?? 0, b = bo.map { p[$0] } ?? 0
                        if premultiplied {
                            r = CGImage.unpremultiply(r, a); g = CGImage.unpremultiply(g, a)
                            b = CGImage.unpremultiply(b, a)
                        }
                        store(o, r, g, b, a)
                        p += bpp; o += channels
                    }
                }
            }
        }
        return out
    }

    /// `c · 255 / a` rounded to nearest, clamped to 255; 0 when `a` is 0.
    @inline(__always) static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        return UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }
}
