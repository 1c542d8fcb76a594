/// Programs for pass effects, each a full-framebuffer triangle reading one texture of the same
/// size texel for texel (GLSL ES 3.00; storage order B, G, R, A as in `QuadShader`).
enum EffectShaders {
    static let vertex = """
    #version 300 es
    void main() {
        vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
        gl_Position = vec4(p, 0.0, 1.0);
    }
    """

    /// One direction of a separable Gaussian: `uTaps` weights at offsets `uStep` × i texels
    /// (i = −n…n, weight `uWeights[|i|]`), texels outside the buffer transparent. With
    /// `uShadow` set, only alpha is blurred and the result is `uColor` × alpha (a shadow).
    static let blur = """
    #version 300 es
    precision highp float;
    uniform sampler2D uSrc;
    uniform ivec2 uDir;
    uniform int uTaps;
    uniform int uStep;
    uniform float uWeights[64];
    uniform int uShadow;
    uniform vec4 uColor;
    out vec4 fragColor;
    void main() {
        ivec2 p = ivec2(gl_FragCoord.xy), size = textureSize(uSrc, 0);
        vec4 sum = vec4(0.0);
        for (int i = -uTaps + 1; i < uTaps; i++) {
            ivec2 q = p + uDir * i * uStep;
            if (q.x < 0 || q.y < 0 || q.x >= size.x || q.y >= size.y) continue;
            sum += texelFetch(uSrc, q, 0) * uWeights[abs(i)];
        }
        if (uShadow != 0) sum = uColor.bgra * sum.a;
        fragColor = sum;
    }
    """

    /// A 4 × 5 colour matrix on straight colour (`PassFilter.colorMatrix`), clamped, then
    /// premultiplied again. `uM[i]` is row i's first four numbers, `uC` the constants.
    static let colorMatrix = """
    #version 300 es
    precision highp float;
    uniform sampler2D uSrc;
    uniform mat4 uM;
    uniform vec4 uC;
    out vec4 fragColor;
    void main() {
        vec4 p = texelFetch(uSrc, ivec2(gl_FragCoord.xy), 0).bgra;
        vec4 straight = vec4(p.a > 0.0 ? p.rgb / p.a : vec3(0.0), p.a);
        vec4 o = clamp(uM * straight + uC, 0.0, 1.0);
        fragColor = vec4(o.rgb * o.a, o.a).bgra;
    }
    """

    /// Copies a texture (a pass buffer into another of the same size).
    static let copy = """
    #version 300 es
    precision highp float;
    uniform sampler2D uSrc;
    out vec4 fragColor;
    void main() { fragColor = texelFetch(uSrc, ivec2(gl_FragCoord.xy), 0); }
    """
}
