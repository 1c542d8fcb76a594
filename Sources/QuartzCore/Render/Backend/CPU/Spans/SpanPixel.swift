/// Premultiplied ARGB32 pixel arithmetic for the span loops, on a whole pixel at a time in
/// 64-bit integer registers (the four 8-bit channels spread to 16-bit lanes), as pixman's
/// portable C does: plain integer operations that need no SIMD conversions, which the
/// optimiser does not reliably inline into big loops. Rounding is pixman's (the cairo
/// path's), so the span path draws the bytes pixman would.
enum SpanPixel {
    /// A pixel word with its channels in 16-bit lanes: blue at bit 0, red at 16, green at 32,
    /// alpha at 48.
    typealias Lanes = UInt64

    static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

    @inline(__always) static func spread(_ p: UInt32) -> Lanes {
        let p = UInt64(p)
        return (p & 0x00FF_00FF) | (p & 0xFF00_FF00) << 24
    }

    /// The word of lanes that are each at most 255.
    @inline(__always) static func pack(_ l: Lanes) -> UInt32 {
        UInt32(truncatingIfNeeded: (l & 0x00FF_00FF) | (l >> 24) & 0xFF00_FF00)
    }

    /// Every lane times `m` / 255, rounded (pixman's `MUL_UN8`), for `m` ≤ 255.
    @inline(__always) static func mul8(_ l: Lanes, _ m: UInt64) -> Lanes {
        let t = l &* m &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
    }

    /// `a·b / 255` rounded, for 8-bit values (cairo's `mul8_8`).
    @inline(__always) static func mul8(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 0x7F
        return ((t >> 8) + t) >> 8
    }

    /// `s` OVER the pixel `d` (premultiplied words).
    @inline(__always) static func over(_ d: UInt32, _ s: Lanes) -> UInt32 {
        let r = mul8(spread(d), 255 &- (s >> 48)) &+ s
        // Saturate lanes that reached 256 or more.
        let carry = (r >> 8) & 0x0001_0001_0001_0001
        return pack((r | carry &* 0xFF) & laneMask)
    }

    /// `s` scaled by the 8-bit mask `m`, OVER `d`.
    @inline(__always) static func over(_ d: UInt32, _ s: UInt32, mask m: UInt64) -> UInt32 {
        over(d, mul8(spread(s), m))
    }

    /// Texels tl, tr (top row) and bl, br blended with 7-bit weights `wx`, `wy` (towards the
    /// right and bottom texel): Σ texel·weightX·weightY with 8-bit weights, >> 16, two
    /// channels per 64-bit product (pixman's `bilinear_interpolation`).
    @inline(__always) static func bilinear(_ tl: UInt32, _ tr: UInt32, _ bl: UInt32, _ br: UInt32,
                                           _ wx: UInt64, _ wy: UInt64) -> UInt32 {
        let dx = wx << 1, dy = wy << 1
        let wxy = dx &* dy, wxiy = dx &* (256 &- dy), wixy = (256 &- dx) &* dy, wixiy = (256 &- dx) &* (256 &- dy)
        // Alpha (bits 24…31) and blue (0…7).
        let ab: UInt64 = 0xFF00_00FF
        let f = (UInt64(tl) & ab) &* wixiy &+ (UInt64(tr) & ab) &* wxiy
            &+ (UInt64(bl) & ab) &* wixy &+ (UInt64(br) & ab) &* wxy
        var r = f & 0x0000_FF00_00FF_0000
        // Red (moved to bits 32…39) and green (8…15).
        @inline(__always) func rg(_ p: UInt32) -> UInt64 {
            let p = UInt64(p)
            return (p << 16) & 0x0000_00FF_0000_0000 | p & 0x0000_FF00
        }
        let g = rg(tl) &* wixiy &+ rg(tr) &* wxiy &+ rg(bl) &* wixy &+ rg(br) &* wxy
        r |= (g >> 16) & 0x0000_00FF_0000_0000 | g & 0xFF00_0000
        return UInt32(truncatingIfNeeded: r >> 16)
    }
}
