import CQuartzEGL
import CoreGraphics
import QuartzCore

/// A frame kept as a texture from one frame to the next, for hosts that show frames from the
/// GPU without reading them back (a window's surface, an app's framebuffer): the GPU backend
/// draws each `KeptTargetFrame`'s passes over it, only its damage, and `show` copies it into a
/// framebuffer. Used with the context current.
final class GLKeptFrame {
    let renderer: GLRenderer
    private let program: GLProgram
    /// The frame as last drawn (frame pixels, row 0 at the top).
    private(set) var target: GLTarget?

    init(context: GLContext) throws(GLError) {
        renderer = try GLRenderer(context: context, report: BackendChoice.standardError)
        program = try GLProgram(context.gl, vertex: PresentShader.vertex, fragment: PresentShader.fragment,
                                uniforms: ["uFrame", "uOpaque"])
    }

    /// Draws `frame` over the kept pixels; returns the rectangle drawn (frame pixels, origin
    /// top-left), the whole frame when the kept one was of another size or none; nil when the
    /// frame has nothing to draw.
    func draw(_ frame: KeptTargetFrame) throws -> PixelBox? {
        guard !frame.passes.isEmpty else { return nil }
        let (root, byID, order) = try GLRenderer.passGraph(frame.passes)
        let r = renderer, gl = r.gl
        guard frame.width <= r.maxTextureSize, frame.height <= r.maxTextureSize else {
            throw GLError.contextFailed("a \(frame.width)×\(frame.height) frame is larger than the GPU's textures (\(r.maxTextureSize))")
        }
        var whole = frame.damage == nil
        if target?.width != frame.width || target?.height != frame.height {
            target?.release(gl)
            target = try GLTarget(gl, width: frame.width, height: frame.height)
            whole = true
        }
        let kept = target!
        let full = PixelBox(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        let region = whole ? full : (frame.damage.flatMap(PixelBox.init(enclosing:))?.intersection(full) ?? full)
        try r.withPasses(byID, order: order, root: root) { outputs in
            gl.enable(GLenum(GL_SCISSOR_TEST))
            defer { gl.disable(GLenum(GL_SCISSOR_TEST)) }
            // Pixels no opaque quad covers start transparent (all of a new texture).
            if let clear = whole ? full : frame.clear.flatMap(PixelBox.init(enclosing:))?.intersection(region), !clear.isEmpty {
                gl.scissor(GLint(clear.x0), GLint(clear.y0), GLsizei(clear.width), GLsizei(clear.height))
                r.clear(kept, to: .zero)
            }
            gl.scissor(GLint(region.x0), GLint(region.y0), GLsizei(region.width), GLsizei(region.height))
            // An opaque background over the whole region is a clear, as on the offscreen root.
            let quads = root.quads.array
            let background = GLRenderer.background(of: quads, over: region)
            if let c = background { r.clear(kept, to: c) }
            try r.drawQuads(background == nil ? quads[...] : quads.dropFirst(), into: kept, outputs: outputs)
            try r.checkFrameErrors()
        }
        return region
    }

    /// Copies the kept frame into `viewport` (x, y, width, height in `framebuffer`'s pixels,
    /// origin bottom-left), stretched if the sizes differ. `opaque`: a window (alpha 1, no
    /// blending); else source-over with premultiplied alpha onto what the framebuffer holds.
    func show(into viewport: (x: Int, y: Int, width: Int, height: Int), framebuffer: GLuint, opaque: Bool) {
        guard let kept = target, viewport.width > 0, viewport.height > 0 else { return }
        let gl = renderer.gl
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        gl.viewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        if opaque {
            gl.disable(GLenum(GL_BLEND))
        } else {
            gl.enable(GLenum(GL_BLEND))
            gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        gl.useProgram(program.id)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), kept.texture)
        gl.uniform1i(program["uFrame"], 0)
        gl.uniform1i(program["uOpaque"], opaque ? 1 : 0)
        gl.bindVertexArray(0)
        gl.drawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// Deletes the texture, the program and the renderer's objects (context current).
    func release() {
        target?.release(renderer.gl)
        target = nil
        renderer.gl.deleteProgram(program.id)
        renderer.release()
    }
}
