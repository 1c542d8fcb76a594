/// The program that shows a kept frame: one triangle strip over the viewport sampling the
/// frame's texture (GLSL ES 3.00). The texture holds the frame top row first in storage order
/// B, G, R, A (as every pass buffer, `QuadShader`); a framebuffer's row 0 is its bottom, so rows
/// are flipped and channels swizzled here. `uOpaque` 1 (a window): premultiplied colour over
/// the window's black is the colour itself, so alpha is 1; 0 (an app's framebuffer): the
/// premultiplied colour and alpha, blended source-over by the caller's blend state.
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
    uniform int uOpaque;
    in vec2 vUV;
    out vec4 fragColor;
    void main() {
        vec4 c = texture(uFrame, vUV).bgra;
        fragColor = uOpaque == 1 ? vec4(c.rgb, 1.0) : c;
    }
    """
}
