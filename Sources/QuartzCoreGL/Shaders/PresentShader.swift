/// The program that shows a window's kept frame: one triangle strip over the window surface
/// sampling the frame's texture (GLSL ES 3.00). The texture holds the frame top row first in
/// storage order B, G, R, A (as every pass buffer, `QuadShader`); the surface's row 0 is its
/// bottom, so rows are flipped and channels swizzled here. Premultiplied colour over the
/// window's black is the colour itself, so alpha is dropped.
enum PresentShader {
    static let vertex = """
    #version 300 es
    out vec2 vUV;
    void main() {
        vec2 p = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
        vUV = vec2(p.x, 1.0 - p.y);
        gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    }
    """

    static let fragment = """
    #version 300 es
    precision highp float;
    uniform sampler2D uFrame;
    in vec2 vUV;
    out vec4 fragColor;
    void main() {
        fragColor = vec4(texture(uFrame, vUV).bgr, 1.0);
    }
    """
}
