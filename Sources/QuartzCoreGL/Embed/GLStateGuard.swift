import CQuartzEGL

/// The app's GL state that drawing a frame changes, saved before and put back after, so a
/// `CARenderer` drawing into an app's context leaves the app's bindings as they were: the
/// framebuffers, viewport, scissor, blending, program, vertex array and array buffer, the active
/// texture unit and the 2D textures of the units QuartzCoreGL uses, pixel-store row lengths and
/// alignments, and the clear colour.
struct GLStateGuard {
    private var ints: [GLenum: GLint] = [:]
    private var quads: [GLenum: [GLint]] = [:]
    private var enabled: [GLenum: Bool] = [:]
    private var textures: [GLint] = []
    private var clearColor = [GLfloat](repeating: 0, count: 4)

    private static let integerStates: [Int32] = [
        GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING, GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING,
        GL_ARRAY_BUFFER_BINDING, GL_ACTIVE_TEXTURE, GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA,
        GL_BLEND_DST_ALPHA, GL_UNPACK_ROW_LENGTH, GL_PACK_ROW_LENGTH, GL_UNPACK_ALIGNMENT, GL_PACK_ALIGNMENT,
    ]
    /// Texture units QuartzCoreGL binds (source, mask, destination copy).
    private static let units = 3

    init(_ gl: GLFunctions) {
        for name in Self.integerStates {
            var v: GLint = 0
            gl.getIntegerv(GLenum(name), &v)
            ints[GLenum(name)] = v
        }
        for name in [GL_VIEWPORT, GL_SCISSOR_BOX] {
            var v = [GLint](repeating: 0, count: 4)
            gl.getIntegerv(GLenum(name), &v)
            quads[GLenum(name)] = v
        }
        for cap in [GL_BLEND, GL_SCISSOR_TEST, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE] {
            enabled[GLenum(cap)] = gl.isEnabled(GLenum(cap)) != 0
        }
        for unit in 0..<Self.units {
            gl.activeTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            var t: GLint = 0
            gl.getIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &t)
            textures.append(t)
        }
        gl.activeTexture(GLenum(ints[GLenum(GL_ACTIVE_TEXTURE)] ?? GLint(GL_TEXTURE0)))
        gl.getFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColor)
        // What QuartzCoreGL's drawing assumes of the state it does not set itself.
        for cap in [GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE] { gl.disable(GLenum(cap)) }
    }

    /// Puts every saved value back.
    func restore(_ gl: GLFunctions) {
        func int(_ name: Int32) -> GLint { ints[GLenum(name)] ?? 0 }
        gl.bindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(int(GL_DRAW_FRAMEBUFFER_BINDING)))
        gl.bindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(int(GL_READ_FRAMEBUFFER_BINDING)))
        gl.useProgram(GLuint(int(GL_CURRENT_PROGRAM)))
        gl.bindVertexArray(GLuint(int(GL_VERTEX_ARRAY_BINDING)))
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(int(GL_ARRAY_BUFFER_BINDING)))
        for (unit, t) in textures.enumerated() {
            gl.activeTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            gl.bindTexture(GLenum(GL_TEXTURE_2D), GLuint(t))
        }
        gl.activeTexture(GLenum(int(GL_ACTIVE_TEXTURE)))
        gl.blendFuncSeparate(GLenum(int(GL_BLEND_SRC_RGB)), GLenum(int(GL_BLEND_DST_RGB)),
                             GLenum(int(GL_BLEND_SRC_ALPHA)), GLenum(int(GL_BLEND_DST_ALPHA)))
        for name in [GL_UNPACK_ROW_LENGTH, GL_PACK_ROW_LENGTH, GL_UNPACK_ALIGNMENT, GL_PACK_ALIGNMENT] {
            gl.pixelStorei(GLenum(name), int(name))
        }
        if let v = quads[GLenum(GL_VIEWPORT)] { gl.viewport(v[0], v[1], v[2], v[3]) }
        if let s = quads[GLenum(GL_SCISSOR_BOX)] { gl.scissor(s[0], s[1], s[2], s[3]) }
        for (cap, on) in enabled { if on { gl.enable(cap) } else { gl.disable(cap) } }
        gl.clearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
    }
}
