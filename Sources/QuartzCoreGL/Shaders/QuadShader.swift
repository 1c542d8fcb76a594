/// The one program every quad is drawn with (GLSL ES 3.00), one instance per quad.
///
/// Each instance carries the inverse of its transform (pass pixels → local space), its pixel
/// box (the rectangle rasterised), its rect and material parameters. The fragment shader maps
/// the pixel centre back to local space (a projective division: w ≤ 0 means behind the eye,
/// no coverage) and computes coverage analytically: each straight edge by its distance in
/// device pixels (the transform's Jacobian, so exact for axis-aligned whole-pixel edges, a
/// 1-pixel ramp otherwise, or a pixel-centre test for aliased edges), rounded outlines by a
/// signed distance. Colours are premultiplied; textures hold pixels in PixelBuffer's byte order
/// (B, G, R, A), so they are read and written through `.bgra`.
enum QuadShader {
    /// Attribute slots (`layout(location)`), each a vec4 per instance.
    static let attributeCount = 15
    static let floatsPerInstance = attributeCount * 4

    static let vertex = """
    #version 300 es
    layout(location = 0) in vec4 aInvX;
    layout(location = 1) in vec4 aInvY;
    layout(location = 2) in vec4 aInvW;
    layout(location = 3) in vec4 aBox;
    layout(location = 4) in vec4 aRect;
    layout(location = 5) in vec4 aColor;
    layout(location = 6) in vec4 aRadii;
    layout(location = 7) in vec4 aInner;
    layout(location = 8) in vec4 aInnerRadii;
    layout(location = 9) in vec4 aClipRect;
    layout(location = 10) in vec4 aClipRadii;
    layout(location = 11) in vec4 aDevClip;
    layout(location = 12) in vec4 aSrc;
    layout(location = 13) in vec4 aSrcClamp;
    layout(location = 14) in vec4 aMask;
    uniform vec2 uOrigin;   // pass-space point of framebuffer pixel (0, 0)
    uniform vec2 uSize;     // framebuffer size
    flat out vec4 vInvX, vInvY, vInvW, vRect, vColor, vRadii, vInner, vInnerRadii, vClipRect, vClipRadii,
                  vDevClip, vSrc, vSrcClamp, vMask;
    void main() {
        int c = gl_VertexID % 6;
        vec2 corner = vec2((c == 1 || c == 2 || c == 4) ? 1.0 : 0.0, (c == 2 || c == 4 || c == 5) ? 1.0 : 0.0);
        vec2 p = mix(aBox.xy, aBox.zw, corner) - uOrigin;
        gl_Position = vec4(p / uSize * 2.0 - 1.0, 0.0, 1.0);
        vInvX = aInvX; vInvY = aInvY; vInvW = aInvW; vRect = aRect; vColor = aColor; vRadii = aRadii;
        vInner = aInner; vInnerRadii = aInnerRadii; vClipRect = aClipRect; vClipRadii = aClipRadii;
        vDevClip = aDevClip; vSrc = aSrc; vSrcClamp = aSrcClamp; vMask = aMask;
    }
    """

    static let fragment = """
    #version 300 es
    precision highp float;
    precision highp int;
    flat in vec4 vInvX, vInvY, vInvW, vRect, vColor, vRadii, vInner, vInnerRadii, vClipRect, vClipRadii,
                 vDevClip, vSrc, vSrcClamp, vMask;
    uniform vec2 uOrigin;
    uniform sampler2D uTex;      // unit 0: the texture or pass output
    uniform sampler2D uMaskTex;  // unit 1: a mask pass
    uniform sampler2D uDst;      // unit 2: the destination pixels (blend modes drawn in the shader)
    uniform vec2 uTexSize;       // uTex's level-0 size in texels
    uniform int uMode;           // 0: fixed-function blending; else BlendMode id (GLBlend)
    uniform ivec2 uDstOrigin;    // framebuffer pixel of uDst's texel (0, 0)
    out vec4 fragColor;

    vec2 gDX, gDY;   // d(local)/d(pixel x), d(local)/d(pixel y)

    /// The exact area of the pixel square on the inside of a straight edge whose signed
    /// distance from the pixel centre is d device pixels, along unit normal n.
    float halfPlane(float d, vec2 n) {
        float u = min(abs(n.x), abs(n.y)), v = max(abs(n.x), abs(n.y));
        float t = abs(d), half_ = 0.5 * (u + v);
        if (t >= half_) return d > 0.0 ? 1.0 : 0.0;
        float c = t <= 0.5 * (v - u) ? 0.5 + t / v : 1.0 - (half_ - t) * (half_ - t) / (2.0 * u * v);
        return d >= 0.0 ? c : 1.0 - c;
    }

    /// Coverage by the inside of an edge: s is the signed local distance (positive inside),
    /// grad its gradient in device pixels (d(s)/d(pixel x), d(s)/d(pixel y)).
    float edge(float s, vec2 grad, bool hard) {
        if (hard) return step(0.0, s);
        float g = length(grad);
        if (g < 1e-12) return step(0.0, s);
        return halfPlane(s / g, grad / g);
    }

    /// Coverage of the pixel by the rect r (minX, minY, maxX, maxY) at local point l; bit i of
    /// `hard` makes edge i aliased (1 minX, 2 maxX, 4 minY, 8 maxY).
    float rectCoverage(vec2 l, vec4 r, int hard) {
        vec2 gx = vec2(gDX.x, gDY.x), gy = vec2(gDX.y, gDY.y);
        return edge(l.x - r.x, gx, (hard & 1) != 0) * edge(r.z - l.x, -gx, (hard & 2) != 0)
             * edge(l.y - r.y, gy, (hard & 4) != 0) * edge(r.w - l.y, -gy, (hard & 8) != 0);
    }

    /// Coverage by a rounded rect (radii: minXMinY, maxXMinY, maxXMaxY, minXMaxY; fitted).
    float roundedCoverage(vec2 l, vec4 r, vec4 radii) {
        if (r.z <= r.x || r.w <= r.y) return 0.0;
        if (radii == vec4(0.0)) return rectCoverage(l, r, 0);
        vec2 c = (r.xy + r.zw) * 0.5, hs = (r.zw - r.xy) * 0.5, d = l - c;
        float rad = d.x < 0.0 ? (d.y < 0.0 ? radii.x : radii.w) : (d.y < 0.0 ? radii.y : radii.z);
        vec2 q = abs(d) - hs + rad;
        float dist = min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - rad;
        vec2 s = vec2(d.x < 0.0 ? -1.0 : 1.0, d.y < 0.0 ? -1.0 : 1.0);
        vec2 n = (q.x > 0.0 && q.y > 0.0) ? normalize(q) * s : (q.x > q.y ? vec2(s.x, 0.0) : vec2(0.0, s.y));
        return edge(-dist, -vec2(dot(n, gDX), dot(n, gDY)), false);
    }

    /// Premultiplied RGBA of the texture at local point l (filtering by the sampler, the lod
    /// chosen per quad; clamp at the source rect, or transparent outside the texture).
    vec4 sampleTexture(vec2 l, int flags, float lod) {
        vec2 uv = l * vSrc.xy + vSrc.zw;
        vec2 t = uv * uTexSize;
        bool nearest = (flags & 16) != 0;
        float weight = 1.0;
        if ((flags & 32) != 0) {
            // Transparent outside the bitmap (vSrcClamp: the whole texture, or an atlas slot):
            // bilinear against zero texels is the clamped sample times the fraction of the
            // footprint inside, per axis.
            vec2 lo0 = vSrcClamp.xy * uTexSize, hi0 = vSrcClamp.zw * uTexSize;
            vec2 inside = nearest ? step(lo0, t) * step(t, hi0)
                                  : clamp(t - lo0 + 0.5, 0.0, 1.0) * clamp(hi0 - t + 0.5, 0.0, 1.0);
            weight = inside.x * inside.y;
        }
        vec2 half_ = (nearest ? vec2(1e-3) : vec2(0.5 * exp2(lod))) / uTexSize;
        vec2 lo = vSrcClamp.xy + half_, hi = max(vSrcClamp.zw - half_, lo);
        return textureLod(uTex, min(max(uv, lo), hi), lod).bgra * weight;
    }

    \(GLBlendShader.functions)

    void main() {
        vec2 p = gl_FragCoord.xy + uOrigin;
        int kind = int(vInvX.w), flags = int(vInvY.w);
        vec3 h = vec3(dot(vec3(p, 1.0), vInvX.xyz), dot(vec3(p, 1.0), vInvY.xyz), dot(vec3(p, 1.0), vInvW.xyz));
        vec4 src = vec4(0.0);
        float cov = 0.0;
        if (h.z > 0.0) {
            vec2 l = h.xy / h.z;
            float w2 = h.z * h.z;
            gDX = (vec2(vInvX.x, vInvY.x) * h.z - h.xy * vInvW.x) / w2;
            gDY = (vec2(vInvX.y, vInvY.y) * h.z - h.xy * vInvW.y) / w2;
            int hard = flags & 15;
            if (kind == 1) {
                cov = roundedCoverage(l, vRect, vRadii);
                src = vColor;
            } else if (kind == 2) {
                float outer = vRadii == vec4(0.0) ? rectCoverage(l, vRect, hard) : roundedCoverage(l, vRect, vRadii);
                cov = outer * (1.0 - roundedCoverage(l, vInner, vInnerRadii));
                src = vColor;
            } else {
                // A mask in device space (flag 128) already holds the quad's edges and clip.
                bool deviceMask = (flags & 128) != 0;
                cov = deviceMask ? 1.0 : rectCoverage(l, vRect, hard);
                if (kind == 0) src = vColor;
                else if (kind == 3) src = sampleTexture(l, flags, vInvW.w) * vColor;
                else {
                    vec2 m = deviceMask ? (p - vMask.zw) * vMask.xy : l * vMask.xy + vMask.zw;
                    vec2 inside = step(vec2(0.0), m) * step(m, vec2(1.0));
                    src = sampleTexture(l, flags, 0.0) * textureLod(uMaskTex, m, 0.0).a * inside.x * inside.y * vColor;
                }
            }
            if ((flags & 64) != 0) cov *= roundedCoverage(l, vClipRect, vClipRadii);
            vec2 clipped = clamp(min(p + 0.5, vDevClip.zw) - max(p - 0.5, vDevClip.xy), 0.0, 1.0);
            cov *= clipped.x * clipped.y;
        }
        if (uMode == 0) {
            fragColor = (src * cov).bgra;
        } else {
            vec4 dst = texelFetch(uDst, ivec2(gl_FragCoord.xy) - uDstOrigin, 0).bgra;
            fragColor = clamp(blendModes(uMode, src, dst, cov), 0.0, 1.0).bgra;
        }
    }
    """
}
