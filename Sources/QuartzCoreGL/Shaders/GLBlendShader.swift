import QuartzCore

/// Blend modes other than source-over and plus, computed in the quad shader from a copy of
/// the destination (GLES 3.0 has no programmable blending): the W3C Compositing and Blending
/// Level 1 formulas on premultiplied colour, the Porter-Duff operators, and Apple's
/// plus-darker, as the CPU backend draws them (`CPUCompositor+Blend`). Coverage `c` applies as
/// cairo applies it: bounded modes see the source multiplied by it, the unbounded Porter-Duff
/// operators (clear, copy, in, out, destination-in, destination-atop) are interpolated from
/// the destination by it.
enum GLBlendShader {
    /// The shader's id for `mode`; 0 for the two drawn by fixed-function blending.
    static func id(_ mode: BlendMode) -> Int32 {
        switch mode {
        case .sourceOver: 0
        case .plus: 1
        case .multiply: 2
        case .screen: 3
        case .overlay: 4
        case .darken: 5
        case .lighten: 6
        case .colorDodge: 7
        case .colorBurn: 8
        case .softLight: 9
        case .hardLight: 10
        case .difference: 11
        case .exclusion: 12
        case .hue: 13
        case .saturation: 14
        case .color: 15
        case .luminosity: 16
        case .plusDarker: 17
        case .clear: 18
        case .copy: 19
        case .sourceIn: 20
        case .sourceOut: 21
        case .sourceAtop: 22
        case .destinationOver: 23
        case .destinationIn: 24
        case .destinationOut: 25
        case .destinationAtop: 26
        case .xor: 27
        }
    }

    static let functions = """
    float sepBlend(int m, float b, float s) {
        if (m == 2) return b * s;
        if (m == 3) return b + s - b * s;
        if (m == 4) { float t = 2.0 * b - 1.0; return b <= 0.5 ? s * 2.0 * b : s + t - s * t; }
        if (m == 5) return min(b, s);
        if (m == 6) return max(b, s);
        if (m == 7) return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s)));
        if (m == 8) return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s));
        if (m == 9) {
            if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
            float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
            return b + (2.0 * s - 1.0) * (d - b);
        }
        if (m == 10) { float t = 2.0 * s - 1.0; return s <= 0.5 ? b * 2.0 * s : b + t - b * t; }
        if (m == 11) return abs(b - s);
        return b + s - 2.0 * b * s;
    }
    float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
    vec3 clipColor(vec3 c) {
        float l = lum(c), n = min(min(c.r, c.g), c.b), x = max(max(c.r, c.g), c.b);
        if (n < 0.0) c = l + (c - l) * l / (l - n);
        if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
        return c;
    }
    vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
    float sat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }
    vec3 setSat(vec3 c, float s) {
        float mx = max(max(c.r, c.g), c.b), mn = min(min(c.r, c.g), c.b);
        return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
    }
    vec4 blendModes(int m, vec4 S, vec4 D, float c) {
        float sa = S.a, da = D.a;
        bool unbounded = m == 18 || m == 19 || m == 20 || m == 21 || m == 24 || m == 26;
        if (!unbounded) S *= c;
        sa = S.a;
        vec4 r;
        if (m == 1) r = min(S + D, 1.0);
        else if (m >= 2 && m <= 16) {
            vec3 cs = sa > 0.0 ? S.rgb / sa : vec3(0.0), cb = da > 0.0 ? D.rgb / da : vec3(0.0);
            vec3 b;
            if (m <= 12) b = vec3(sepBlend(m, cb.r, cs.r), sepBlend(m, cb.g, cs.g), sepBlend(m, cb.b, cs.b));
            else if (m == 13) b = setLum(setSat(cs, sat(cb)), lum(cb));
            else if (m == 14) b = setLum(setSat(cb, sat(cs)), lum(cb));
            else if (m == 15) b = setLum(cs, lum(cb));
            else b = setLum(cb, lum(cs));
            r = vec4(S.rgb * (1.0 - da) + D.rgb * (1.0 - sa) + sa * da * b, sa + da - sa * da);
        } else if (m == 17) {
            float ra = sa + da - sa * da;
            r = vec4(min(vec3(ra), max(vec3(0.0), ra - ((da - D.rgb) + (sa - S.rgb)))), ra);
        }
        else if (m == 18) r = vec4(0.0);
        else if (m == 19) r = S;
        else if (m == 20) r = S * da;
        else if (m == 21) r = S * (1.0 - da);
        else if (m == 22) r = S * da + D * (1.0 - sa);
        else if (m == 23) r = S * (1.0 - da) + D;
        else if (m == 24) r = D * sa;
        else if (m == 25) r = D * (1.0 - sa);
        else if (m == 26) r = S * (1.0 - da) + D * sa;
        else r = S * (1.0 - da) + D * (1.0 - sa);
        return unbounded ? mix(D, r, c) : r;
    }
    """
}
