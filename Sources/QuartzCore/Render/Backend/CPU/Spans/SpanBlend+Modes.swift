/// The modes the span loops draw besides OVER (`SpanBlend`), and which `BlendMode` each is.
/// Terms are the W3C separable blend functions `B(Cb, Cs)` rewritten on premultiplied values
/// (`αs·αb·B(D/αb, S/αs)`, https://www.w3.org/TR/compositing-1/#blendingseparable), in the
/// branch order pixman evaluates them. The non-separable modes (hue, saturation, color,
/// luminosity), `plusDarker` and the Porter-Duff operators other than OVER and PLUS stay on
/// cairo and the scratch-buffer path.
extension BlendMode {
    /// Calls `body.visit` with the span mode for this blend mode; nil for the modes the span
    /// loops leave to cairo (and for `sourceOver`, which has its own loops). One switch per
    /// quad, each case a concrete type, so the loop `visit` runs is specialised.
    @inline(__always) func withSpanBlend<V: SpanBlendVisitor>(_ body: V) -> V.Result? {
        switch self {
        case .plus: body.visit(BlendPlus.self)
        case .multiply: body.visit(BlendMultiply.self)
        case .screen: body.visit(BlendScreen.self)
        case .overlay: body.visit(BlendOverlay.self)
        case .darken: body.visit(BlendDarken.self)
        case .lighten: body.visit(BlendLighten.self)
        case .colorDodge: body.visit(BlendColorDodge.self)
        case .colorBurn: body.visit(BlendColorBurn.self)
        case .softLight: body.visit(BlendSoftLight.self)
        case .hardLight: body.visit(BlendHardLight.self)
        case .difference: body.visit(BlendDifference.self)
        case .exclusion: body.visit(BlendExclusion.self)
        default: nil
        }
    }

    /// Whether the span loops draw this mode (OVER or one of `withSpanBlend`'s).
    var spanDrawable: Bool { self == .sourceOver || withSpanBlend(SpanBlendProbe()) != nil }
}

/// What runs once the mode is a concrete type (`BlendMode.withSpanBlend`).
protocol SpanBlendVisitor {
    associatedtype Result
    func visit<B: SpanBlendMode>(_: B.Type) -> Result
}

private struct SpanBlendProbe: SpanBlendVisitor {
    func visit<B: SpanBlendMode>(_: B.Type) {}
}

/// Porter-Duff PLUS (Apple's `plusL`): the masked source added to the destination, each
/// channel saturated at 255 (pixman's ADD).
enum BlendPlus: SpanBlendMode {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, mask m: UInt32) -> UInt32 {
        let r = SpanPixel.spread(d) &+ SpanPixel.spread(SpanBlendMath.masked(s, m))
        let carry = (r >> 8) & 0x0001_0001_0001_0001
        return SpanPixel.pack((r | carry &* 0xFF) & SpanPixel.laneMask)
    }
}

/// `D·S`: pixman computes it apart from the other modes, as `S·(1 − αb) + D·(1 − αs)` then
/// `+ D·S`, every channel (alpha included) rounded and saturated step by step.
enum BlendMultiply: SpanBlendMode {
    @inline(__always) static func blend(_ d: UInt32, _ s: UInt32, mask m: UInt32) -> UInt32 {
        let s = SpanBlendMath.masked(s, m)
        let isa = 255 - (s >> 24), ida = 255 - (d >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let sc = (s >> shift) & 0xFF, dc = (d >> shift) & 0xFF
            let outside = min(SpanBlendMath.mul(sc, ida) + SpanBlendMath.mul(dc, isa), 255)
            return min(SpanBlendMath.mul(dc, sc) + outside, 255) << shift
        }
        return channel(24) | channel(16) | channel(8) | channel(0)
    }
}

enum BlendScreen: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 { s * da + d * sa - s * d }
}

/// Hard light with source and destination swapped.
enum BlendOverlay: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        2 * d < da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
    }
}

enum BlendDarken: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 { min(s * da, d * sa) }
}

enum BlendLighten: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 { max(s * da, d * sa) }
}

enum BlendHardLight: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        2 * s < sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
    }
}

enum BlendDifference: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 { abs(s * da - d * sa) }
}

enum BlendExclusion: SpanIntegerBlend {
    @inline(__always) static func term(_ d: Int32, _ da: Int32, _ s: Int32, _ sa: Int32) -> Int32 {
        s * da + d * sa - 2 * s * d
    }
}

/// `Cb / (1 − Cs)`, 0 where Cb = 0 and 1 where it would exceed 1.
enum BlendColorDodge: SpanFloatBlend {
    @inline(__always) static func term(_ d: Float, _ da: Float, _ s: Float, _ sa: Float) -> Float {
        if d == 0 { return 0 }
        if d * sa >= sa * da - s * da || sa - s == 0 { return sa * da }
        return sa * sa * d / (sa - s)
    }
}

/// `1 − (1 − Cb) / Cs`, 1 where Cb = 1 and 0 where it would fall below 0.
enum BlendColorBurn: SpanFloatBlend {
    @inline(__always) static func term(_ d: Float, _ da: Float, _ s: Float, _ sa: Float) -> Float {
        if d >= da { return sa * da }
        if sa * (da - d) >= s * da || s == 0 { return 0 }
        return sa * (da - sa * (da - d) / s)
    }
}

/// The W3C soft light: darkening like a diffuse light where Cs ≤ ½ (`Cb − (1 − 2Cs)·Cb·(1 − Cb)`),
/// lightening towards `√Cb` (or the W3C polynomial for Cb ≤ ¼) above.
enum BlendSoftLight: SpanFloatBlend {
    @inline(__always) static func term(_ d: Float, _ da: Float, _ s: Float, _ sa: Float) -> Float {
        if 2 * s < sa { return da == 0 ? d * sa : d * sa - d * (da - d) * (sa - 2 * s) / da }
        if da == 0 { return 0 }
        if 4 * d <= da { return d * sa + (2 * s - sa) * d * ((16 * d / da - 12) * d / da + 3) }
        return d * sa + ((d * da).squareRoot() - d) * (2 * s - sa)
    }
}
