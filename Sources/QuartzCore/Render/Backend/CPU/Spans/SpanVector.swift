/// Four premultiplied ARGB32 pixels at a time in one 128-bit vector, for the interior runs
/// (`SpanQuad+Run`): the same arithmetic and rounding as `SpanPixel` (pixman's), bit for bit,
/// on 16-bit lanes. Channels are split by byte parity (blue and red in one vector, green and
/// alpha in the other) with masks and shifts reinterpreted through `unsafeBitCast`, so the
/// optimiser keeps everything in SSE2 registers (no lane-widening conversions).
enum SpanVector {
    typealias Pixels = SIMD4<UInt32>
    typealias Lanes = SIMD8<UInt16>

    static let evenMask = Pixels(repeating: 0x00FF_00FF)

    /// Blue and red (even bytes), green and alpha (odd bytes), each in 16-bit lanes.
    @inline(__always) static func split(_ p: Pixels) -> (Lanes, Lanes) {
        (unsafeBitCast(p & evenMask, to: Lanes.self), unsafeBitCast((p &>> 8) & evenMask, to: Lanes.self))
    }

    /// The pixels of lanes that are each at most 255.
    @inline(__always) static func join(_ even: Lanes, _ odd: Lanes) -> Pixels {
        unsafeBitCast(even, to: Pixels.self) | (unsafeBitCast(odd, to: Pixels.self) &<< 8)
    }

    /// `t` / 255 rounded, for t ≤ 255 × 255 (pixman's `MUL_UN8` after the product).
    @inline(__always) static func div255(_ t: Lanes) -> Lanes {
        let t = t &+ Lanes(repeating: 0x80)
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Each pixel's alpha in both 16-bit lanes of its word.
    @inline(__always) static func alphaLanes(_ p: Pixels) -> Lanes {
        let a = p &>> 24
        return unsafeBitCast(a | (a &<< 16), to: Lanes.self)
    }

    /// `s` OVER `d`, lanes saturated at 255 (as `SpanPixel.over`).
    @inline(__always) static func over(_ d: Pixels, _ s: Pixels) -> Pixels {
        let (se, so) = split(s), (de, dodd) = split(d)
        let inverse = Lanes(repeating: 255) &- alphaLanes(s)
        let top = Lanes(repeating: 255)
        let e = div255(de &* inverse) &+ se, o = div255(dodd &* inverse) &+ so
        return join(e.replacing(with: top, where: e .> top), o.replacing(with: top, where: o .> top))
    }

    /// `s` scaled by the 8-bit mask `m` (as `SpanPixel.mul8`).
    @inline(__always) static func scale(_ s: Pixels, _ m: Lanes) -> Pixels {
        let (e, o) = split(s)
        return join(div255(e &* m), div255(o &* m))
    }

    /// Whether all four pixels are opaque (OVER is then a store).
    @inline(__always) static func opaque(_ s: Pixels) -> Bool {
        let alpha = Pixels(repeating: 0xFF00_0000)
        return all((s & alpha) .== alpha)
    }
}
