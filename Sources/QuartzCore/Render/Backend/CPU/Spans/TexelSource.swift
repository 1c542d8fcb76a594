/// The texture as the span loops read it: a base pointer, stride and bounds, no references.
/// Positions are 16.16 fixed point at pixel centres (pixman's rules: bilinear reads the four
/// texels around `u − ½, v − ½` with 7-bit weights; nearest reads the texel containing
/// `u − ε, v − ε`, so exact texel boundaries round down).
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
        return base.load(fromByteOffset: Int(y) &* stride &+ Int(x) &* 4, as: UInt32.self)
    }

    /// The colour at (u, v), with the edge rule applied to every texel read.
    @inline(__always) func sample(_ u: Int64, _ v: Int64) -> UInt32 {
        bilinear ? bilinearSample(u, v, inside: false) : nearestSample(u, v, inside: false)
    }

    /// Bilinear colour at (u, v); `inside` promises that all four texels are within the
    /// bounds (see `inside(u:v:su:sv:count:)`), so they are read directly.
    @inline(__always) func bilinearSample(_ u: Int64, _ v: Int64, inside: Bool) -> UInt32 {
        let u = u &- 0x8000, v = v &- 0x8000
        let x = u &>> 16, y = v &>> 16
        let wx = UInt64(truncatingIfNeeded: u &>> 9) & 0x7F, wy = UInt64(truncatingIfNeeded: v &>> 9) & 0x7F
        if inside {
            let p = base + (Int(truncatingIfNeeded: y) &* stride &+ Int(truncatingIfNeeded: x) &* 4)
            return SpanPixel.bilinear(p.loadUnaligned(as: UInt32.self), p.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
                                      p.loadUnaligned(fromByteOffset: stride, as: UInt32.self),
                                      p.loadUnaligned(fromByteOffset: stride &+ 4, as: UInt32.self), wx, wy)
        }
        return SpanPixel.bilinear(texel(x, y), texel(x &+ 1, y), texel(x, y &+ 1), texel(x &+ 1, y &+ 1), wx, wy)
    }

    /// Nearest colour at (u, v); `inside` as for `bilinearSample`.
    @inline(__always) func nearestSample(_ u: Int64, _ v: Int64, inside: Bool) -> UInt32 {
        let x = (u &- 1) &>> 16, y = (v &- 1) &>> 16
        if inside {
            return base.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: y) &* stride
                                      &+ Int(truncatingIfNeeded: x) &* 4, as: UInt32.self)
        }
        return texel(x, y)
    }

    /// The steps i in 0..<count at which position (u + i·su, v + i·sv) reads only texels
    /// within the bounds: one interval, since the position moves along a line.
    func inside(u: Int64, v: Int64, su: Int64, sv: Int64, count: Int) -> Range<Int> {
        // Bilinear reads x…x+1 with x = ⌊(u − ½)⌋; nearest reads x = ⌊u − ε⌋.
        let (offset, extra): (Int64, Int64) = bilinear ? (0x8000, 0) : (1, 1)
        let xs = Self.steps(u &- offset, su, lo.x << 16, (hi.x + extra) << 16, count)
        let ys = Self.steps(v &- offset, sv, lo.y << 16, (hi.y + extra) << 16, count)
        let a = max(xs.lowerBound, ys.lowerBound), b = min(xs.upperBound, ys.upperBound)
        return a < b ? a..<b : 0..<0
    }

    /// The i in 0..<count with low ≤ a + i·s < high.
    static func steps(_ a: Int64, _ s: Int64, _ low: Int64, _ high: Int64, _ count: Int) -> Range<Int> {
        let first: Int64, last: Int64
        if s == 0 {
            guard low <= a, a < high else { return 0..<0 }
            return 0..<count
        } else if s > 0 {
            first = ceilDiv(low - a, s); last = floorDiv(high - 1 - a, s)
        } else {
            first = ceilDiv(high - 1 - a, s); last = floorDiv(low - a, s)
        }
        let f = max(first, 0), l = min(last, Int64(count) - 1)
        return f <= l ? Int(f)..<Int(l + 1) : 0..<0
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q
    }

    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b != 0 && (a < 0) == (b < 0) ? q + 1 : q
    }
}
