/// The span loop: per row, the edge pixels get analytic coverage and the run between them is
/// drawn at full coverage; each pixel samples the texture at its centre (pixman's rules:
/// 16.16 fixed point stepped per pixel, bilinear weights of 7 bits, nearest rounding down at
/// exact texel boundaries) and is composited with premultiplied OVER in 8 bits, rounding as
/// pixman does. Only `region` is written, so a band draws exactly its rows of the whole frame.
extension SpanQuad {
    func draw(into target: RasterTarget) {
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, opacity8 > 0 else { return }
        let texels = TexelSource(self)
        let su = Int64((ua * 65536).rounded()), sv = Int64((va * 65536).rounded())
        for y in region.y..<(region.y + region.height) {
            let (candidates, inner) = columns(row: y)
            guard !candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let yc = Double(y) + 0.5
            let leftEnd = inner.isEmpty ? candidates.upperBound : inner.lowerBound
            let rightStart = inner.isEmpty ? candidates.upperBound : inner.upperBound
            for x in candidates.lowerBound..<leftEnd { row[x] = edgePixel(row[x], x, y, texels) }
            for x in rightStart..<candidates.upperBound { row[x] = edgePixel(row[x], x, y, texels) }
            guard !inner.isEmpty else { continue }
            // Stepped in 16.16 from the run's first pixel, as pixman does.
            var (u, v) = fixedTexel(x: inner.lowerBound, yc: yc)
            if opacity8 == 255 {
                for x in inner { row[x] = Self.over(row[x], texels.sample(u, v)); u += su; v += sv }
            } else {
                for x in inner { row[x] = Self.over(row[x], texels.sample(u, v), opacity8); u += su; v += sv }
            }
        }
    }

    /// Pixel (x, y) with its analytic coverage over `d`.
    @inline(__always) private func edgePixel(_ d: UInt32, _ x: Int, _ y: Int, _ texels: TexelSource) -> UInt32 {
        let cov = coverage(x: x, y: y)
        guard cov > 0 else { return d }
        let m = Self.mul8(UInt32(cov * 255 + 0.5), opacity8)
        let (u, v) = fixedTexel(x: x, yc: Double(y) + 0.5)
        return Self.over(d, texels.sample(u, v), m)
    }

    /// The 16.16 texel position of the centre of column `x` on the row whose centre is `yc`.
    @inline(__always) func fixedTexel(x: Int, yc: Double) -> (Int64, Int64) {
        let xc = Double(x) + 0.5
        return (Int64(((ua * xc + uc * yc + ut) * 65536).rounded()), Int64(((va * xc + vc * yc + vt) * 65536).rounded()))
    }

    /// `a·b / 255` rounded, for 8-bit values (cairo's `mul8_8`).
    @inline(__always) static func mul8(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 0x7F
        return ((t >> 8) + t) >> 8
    }

    /// `s` (channels a, r, g, b) masked by `m` then OVER the pixel `d`, in pixman's arithmetic.
    @inline(__always) static func over(_ d: UInt32, _ s: SIMD4<UInt32>, _ m: UInt32) -> UInt32 {
        var t = s &* m &+ 0x80
        t = (t &+ (t &>> 8)) &>> 8
        return over(d, t)
    }

    @inline(__always) static func over(_ d: UInt32, _ s: SIMD4<UInt32>) -> UInt32 {
        let ia = 255 - s.x
        if ia == 255 { return d }
        var t = unpack(d) &* ia &+ 0x80
        t = (t &+ (t &>> 8)) &>> 8
        let r = (t &+ s).replacing(with: 255, where: t &+ s .> 255)
        return r.x << 24 | r.y << 16 | r.z << 8 | r.w
    }

    /// A pixel word as (a, r, g, b).
    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<UInt32> {
        SIMD4(repeating: p) &>> SIMD4(24, 16, 8, 0) & 0xFF
    }
}

/// The texture as the inner loop reads it: a base pointer, stride and bounds, no references.
struct TexelSource {
    let base: UnsafeRawPointer
    let stride: Int
    let lo: SIMD2<Int64>, hi: SIMD2<Int64>
    let clamp: Bool
    let bilinear: Bool

    init(_ q: SpanQuad) {
        base = UnsafeRawPointer(q.texture.base); stride = q.texture.stride
        lo = SIMD2(Int64(q.lo.x), Int64(q.lo.y)); hi = SIMD2(Int64(q.hi.x), Int64(q.hi.y))
        clamp = q.clampToEdge; bilinear = q.bilinear
    }

    /// The texel at whole coordinates, clamped or transparent outside the bounds.
    @inline(__always) func texel(_ x: Int64, _ y: Int64) -> UInt32 {
        var x = x, y = y
        if clamp {
            x = min(max(x, lo.x), hi.x); y = min(max(y, lo.y), hi.y)
        } else if x < lo.x || x > hi.x || y < lo.y || y > hi.y {
            return 0
        }
        return base.load(fromByteOffset: Int(y) * stride + Int(x) * 4, as: UInt32.self)
    }

    /// The colour at 16.16 texel position (u, v), channels (a, r, g, b).
    @inline(__always) func sample(_ u: Int64, _ v: Int64) -> SIMD4<UInt32> {
        guard bilinear else { return SpanQuad.unpack(texel((u - 1) >> 16, (v - 1) >> 16)) }
        let u = u - 0x8000, v = v - 0x8000
        let x = u >> 16, y = v >> 16
        let dx = UInt32(truncatingIfNeeded: (u >> 9) & 0x7F) << 1, dy = UInt32(truncatingIfNeeded: (v >> 9) & 0x7F) << 1
        let tl = SpanQuad.unpack(texel(x, y)), tr = SpanQuad.unpack(texel(x + 1, y))
        let bl = SpanQuad.unpack(texel(x, y + 1)), br = SpanQuad.unpack(texel(x + 1, y + 1))
        let sum = tl &* ((256 - dx) * (256 - dy)) &+ tr &* (dx * (256 - dy))
            &+ bl &* ((256 - dx) * dy) &+ br &* (dx * dy)
        return sum &>> 16
    }
}
