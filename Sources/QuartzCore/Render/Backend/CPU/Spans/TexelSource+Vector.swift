/// Four samples at once for the interior runs whose reads are all inside the texture
/// (`TexelSource.inside`): positions i = 0…3 along the run, 16.16 like the scalar reads, and
/// the same results bit for bit (`SpanFastPathTests`). Texel addresses are computed per pixel
/// in 64-bit integers; the weights come from the positions' low 16 bits in 32-bit lanes
/// (wrapping there is harmless: only bits 9…15 are used).
extension TexelSource {
    typealias Pixels = SpanVector.Pixels
    typealias Lanes = SpanVector.Lanes

    /// Positions of four consecutive pixels along a run, stepped together.
    struct Quad {
        var u, v: Int64
        /// The low 32 bits of the four positions, for the weights.
        var lowU, lowV: SIMD4<Int32>
        let su, sv: Int64
        let su4, sv4: SIMD4<Int32>

        init(u: Int64, v: Int64, su: Int64, sv: Int64) {
            self.u = u; self.v = v; self.su = su; self.sv = sv
            let u32 = Int32(truncatingIfNeeded: u), v32 = Int32(truncatingIfNeeded: v)
            let s = Int32(truncatingIfNeeded: su), t = Int32(truncatingIfNeeded: sv)
            lowU = SIMD4(u32, u32 &+ s, u32 &+ s &* 2, u32 &+ s &* 3)
            lowV = SIMD4(v32, v32 &+ t, v32 &+ t &* 2, v32 &+ t &* 3)
            su4 = SIMD4(repeating: s &* 4); sv4 = SIMD4(repeating: t &* 4)
        }

        @inline(__always) mutating func advance() {
            u &+= su &* 4; v &+= sv &* 4
            lowU &+= su4; lowV &+= sv4
        }
    }

    /// Byte offset of the texel at whole coordinates (x, y), both inside.
    @inline(__always) func offset(_ x: Int64, _ y: Int64) -> Int {
        Int(truncatingIfNeeded: y) &* stride &+ Int(truncatingIfNeeded: x) &<< 2
    }

    /// Nearest colours of the four positions.
    @inline(__always) func nearest4(_ q: Quad) -> Pixels {
        @inline(__always) func at(_ i: Int64) -> UInt32 {
            let x = (q.u &+ q.su &* i &- 1) &>> 16, y = (q.v &+ q.sv &* i &- 1) &>> 16
            return base.loadUnaligned(fromByteOffset: offset(x, y), as: UInt32.self)
        }
        return Pixels(at(0), at(1), at(2), at(3))
    }

    /// Bilinear colours of the four positions: vertical first in 16-bit lanes (texel × 7-bit
    /// weight, at most 255 × 128), then horizontal on the high and low parts of those sums
    /// so that every product stays within 16 bits and the result is exactly
    /// Σ texel × weightX × weightY >> 14.
    @inline(__always) func bilinear4(_ q: Quad) -> Pixels {
        @inline(__always) func at(_ i: Int64) -> Int {
            offset((q.u &+ q.su &* i &- 0x8000) &>> 16, (q.v &+ q.sv &* i &- 0x8000) &>> 16)
        }
        @inline(__always) func rows(_ a: Int, _ b: Int) -> (Pixels, Pixels) {
            let top = SIMD2<UInt64>(base.loadUnaligned(fromByteOffset: a, as: UInt64.self),
                                    base.loadUnaligned(fromByteOffset: b, as: UInt64.self))
            let bottom = SIMD2<UInt64>(base.loadUnaligned(fromByteOffset: a &+ stride, as: UInt64.self),
                                       base.loadUnaligned(fromByteOffset: b &+ stride, as: UInt64.self))
            return (unsafeBitCast(top, to: Pixels.self), unsafeBitCast(bottom, to: Pixels.self))
        }
        let (t01, b01) = rows(at(0), at(1)), (t23, b23) = rows(at(2), at(3))
        // 7-bit weights: bits 9…15 of the positions less ½.
        let wx = unsafeBitCast(((q.lowU &- 0x8000) &>> 9) & 127, to: Pixels.self)
        let wy = unsafeBitCast(((q.lowV &- 0x8000) &>> 9) & 127, to: Pixels.self)
        let y2 = wy | (wy &<< 16)
        let wy01 = unsafeBitCast(Pixels(y2[0], y2[0], y2[1], y2[1]), to: Lanes.self)
        let wy23 = unsafeBitCast(Pixels(y2[2], y2[2], y2[3], y2[3]), to: Lanes.self)
        let x2 = wx | (wx &<< 16), ix2 = Pixels(repeating: 0x0080_0080) &- x2
        let wx01 = unsafeBitCast(Pixels(ix2[0], x2[0], ix2[1], x2[1]), to: Lanes.self)
        let wx23 = unsafeBitCast(Pixels(ix2[2], x2[2], ix2[3], x2[3]), to: Lanes.self)
        let (e01, o01) = Self.vertical(t01, b01, wy01), (e23, o23) = Self.vertical(t23, b23, wy23)
        let he01 = Self.horizontal(e01, wx01), ho01 = Self.horizontal(o01, wx01)
        let he23 = Self.horizontal(e23, wx23), ho23 = Self.horizontal(o23, wx23)
        let even = Pixels(he01[0], he01[2], he23[0], he23[2]), odd = Pixels(ho01[0], ho01[2], ho23[0], ho23[2])
        return even | (odd &<< 8)
    }

    /// Two pixels' top texel pairs `t` and bottom pairs `b` ([left₀, right₀, left₁, right₁])
    /// blended vertically: per channel parity, top × (128 − wy) + bottom × wy.
    @inline(__always) static func vertical(_ t: Pixels, _ b: Pixels, _ wy: Lanes) -> (Lanes, Lanes) {
        let inverse = Lanes(repeating: 128) &- wy
        let (te, to) = SpanVector.split(t), (be, bo) = SpanVector.split(b)
        return (te &* inverse &+ be &* wy, to &* inverse &+ bo &* wy)
    }

    /// Sums of 16-bit lanes [left c₀, left c₁, right c₀, right c₁] per 64-bit half, weighted
    /// [128 − wx, 128 − wx, wx, wx], >> 14: each half's low word holds its pixel's c₀ and c₁.
    @inline(__always) static func horizontal(_ v: Lanes, _ wx: Lanes) -> Pixels {
        let high = unsafeBitCast((v &>> 7) &* wx, to: SIMD2<UInt64>.self)
        let low = unsafeBitCast((v & Lanes(repeating: 127)) &* wx, to: SIMD2<UInt64>.self)
        let h = unsafeBitCast(high &+ (high &>> 32), to: Lanes.self), l = unsafeBitCast(low &+ (low &>> 32), to: Lanes.self)
        return unsafeBitCast((h &+ (l &>> 7)) &>> 7, to: Pixels.self)
    }
}
