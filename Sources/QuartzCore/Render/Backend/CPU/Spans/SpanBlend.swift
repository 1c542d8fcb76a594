/// A blend mode as the span loops composite it (`SpanBlend+Quad`, `SpanBlend+Fill`): one
/// premultiplied ARGB32 source pixel `s`, scaled by the 8-bit mask `m` (coverage × opacity),
/// onto the destination pixel `d`, with pixman's arithmetic and rounding, so a quad draws the
/// bytes cairo drew for it. The span loops are specialised per mode through this protocol's
/// static function (one generic loop, no existential or closure per pixel); OVER keeps its own
/// vector loops (`SpanQuad+Run`), untouched by these. Modes are the W3C Compositing and
/// Blending Level 1 separable modes (https://www.w3.org/TR/compositing-1/#blendingseparable)
/// and Porter-Duff PLUS (`SpanBlend+Modes`).
protocol SpanBlendMode {
    /// A texel (8 bits per channel, as pixman reads an image) onto `d`.
    static func blend(_ d: UInt32, _ s: UInt32, mask m: UInt32) -> UInt32
    /// A solid colour as cairo hands it to pixman (`SpanSolid`) onto `d`.
    static func blend(_ d: UInt32, _ s: SpanSolid, mask m: UInt32) -> UInt32
}

extension SpanBlendMode {
    /// The 8-bit combiners read a solid colour's high bytes.
    @inline(__always) static func blend(_ d: UInt32, _ s: SpanSolid, mask m: UInt32) -> UInt32 { blend(d, s.word, mask: m) }
}

/// A solid colour as pixman holds it: cairo passes 16 bits per channel, the 8-bit combiners
/// take the high byte of each (`word`, premultiplied ARGB32) and the floating-point ones the
/// 16-bit values × 1/65535 (`wide`: blue, green, red, alpha).
struct SpanSolid {
    let word: UInt32
    let wide: SIMD4<Float>
}

/// pixman's 8-bit separable combiner: the source scaled by the mask (`SpanPixel.mul8`), then
/// per colour channel `((255 − αs)·D + (255 − αb)·S + term) / 255` and for alpha
/// `(255·αs + 255·αb − αs·αb) / 255`, each sum clamped to 0…255² before the rounded division.
protocol SpanIntegerBlend: SpanBlendMode {
    /// `αs·αb·B(D/αb, S/αs)` in 255² units, from premultiplied 8-bit D, αb (destination) and
    /// S, αs (masked source).
    static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32
}

extension SpanIntegerBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, mask m: UInt32) -> UInt32 {
        let s = SpanBlendMath.masked(s, m)
        let sa = Int32(s >> 24), da = Int32(d >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let dc = Int32((d >> shift) & 0xFF), sc = Int32((s >> shift) & 0xFF)
            return SpanBlendMath.div255((255 - sa) * dc + (255 - da) * sc + term(dc, da, sc, sa)) << shift
        }
        return SpanBlendMath.div255(255 * (sa + da) - sa * da) << 24 | channel(16) | channel(8) | channel(0)
    }
}

/// pixman's floating-point separable combiner, which it uses for the modes whose formulas
/// divide (color dodge, color burn, soft light): every channel to `Float` (× 1/255), the source
/// times the mask there, per colour channel `(1 − αs)·D + (1 − αb)·S + term`, alpha
/// `αb + αs − αb·αs`, back to 8 bits as ⌊f·256⌋ less its ninth bit (so 1 maps to 255).
protocol SpanFloatBlend: SpanBlendMode {
    /// `αs·αb·B(D/αb, S/αs)` on premultiplied 0…1 values.
    static func term(_ d: Float, _ da: Float, _ s: Float, _ sa: Float) -> Float
}

extension SpanFloatBlend {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, mask m: UInt32) -> UInt32 {
        let unit: Float = 1 / 255
        return combine(d, SpanBlendMath.channels(s) * unit * (Float(m) * unit))
    }

    @inline(__always) static func blend(_ d: UInt32, _ s: SpanSolid, mask m: UInt32) -> UInt32 {
        combine(d, s.wide * (Float(m) * (1 / 255)))
    }

    /// `d` and the masked source `s` (blue, green, red, alpha; 0…1) combined.
    @inline(__always) static func combine(_ d: UInt32, _ s: SIMD4<Float>) -> UInt32 {
        let dv = SpanBlendMath.channels(d) * (1 / 255)
        let sa = s[3], da = dv[3]
        var out = SpanBlendMath.byte(da + sa - da * sa) << 24
        for k in 0..<3 {
            out |= SpanBlendMath.byte((1 - sa) * dv[k] + (1 - da) * s[k] + term(dv[k], da, s[k], sa)) << UInt32(8 * k)
        }
        return out
    }
}

enum SpanBlendMath {
    /// `t` / 255 rounded, for `t` clamped to 0…255² first (pixman's `DIV_ONE_UN8` after `CLAMP`).
    @inline(__always) static func div255(_ t: Int32) -> UInt32 {
        let t = UInt32(min(max(t, 0), 255 * 255)) + 0x80
        return (t + (t >> 8)) >> 8
    }

    /// A 0…1 value (clamped) as 8 bits, as pixman stores its floating-point results.
    @inline(__always) static func byte(_ f: Float) -> UInt32 {
        guard f > 0 else { return 0 }   // NaN too
        let u = f < 1 ? UInt32(f * 256) : 256
        return u - (u >> 8)
    }

    /// `a·b / 255` rounded, for 8-bit values (pixman's `MUL_UN8`).
    @inline(__always) static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 { div255(Int32(a * b)) }

    /// The four channels of an ARGB32 word as floats 0…255 (blue, green, red, alpha).
    @inline(__always) static func channels(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    /// `s` with every channel times `m` / 255, rounded (pixman's `combine_mask`).
    @inline(__always) static func masked(_ s: UInt32, _ m: UInt32) -> UInt32 {
        m == 255 ? s : SpanPixel.pack(SpanPixel.mul8(SpanPixel.spread(s), UInt64(m)))
    }
}
