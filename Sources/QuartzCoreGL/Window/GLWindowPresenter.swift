import CQuartzEGL
import CoreGraphics
import Foundation
import QuartzCore

/// Presents a window's frames from the GPU with no read-back: the GPU backend draws each
/// frame's passes into a frame texture it keeps (only the damaged part, over the previous
/// frame's pixels), then one textured strip copies it into the window's EGL surface and
/// `eglSwapBuffers` shows it. Where EGL offers `EGL_KHR_swap_buffers_with_damage`, the swap
/// names the damaged rectangle so the window system copies only that.
///
/// The surface is on an X11 connection of the presenter's own (`X11Connection`), used only by
/// the render thread that calls `present`. Presents wait for vsync where EGL agrees to
/// (`eglSwapInterval(1)`) on a hardware renderer; software renderers (llvmpipe) cannot, so the
/// loop paces them by a timer.
package final class GLWindowPresenter: FramePresenter, @unchecked Sendable {   // render thread
    private let connection: X11Connection
    private let session: EGLSession
    private let context: GLContext
    private var renderer: GLRenderer
    private let program: GLProgram
    /// The frame as last drawn (frame pixels, row 0 at the top).
    private var kept: GLTarget?
    package let waitsForVsync: Bool
    package var compositesPasses: Bool { true }
    package let description: String
    /// GL_RENDERER and GL_VERSION ("llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6").
    package var rendererName: String { context.renderer }
    /// Whether GL_RENDERER is a software rasteriser (llvmpipe, softpipe, SwiftShader): automatic
    /// backend choice prefers the CPU compositor over it.
    package let isSoftware: Bool
    private var closed = false

    /// A presenter for the X11 window `window` (an XID) on display `displayName` (nil: `$DISPLAY`).
    package init(x11Window window: UInt, displayName: String? = nil) throws(GLError) {
        connection = try X11Connection(name: displayName)
        session = try EGLSession(platform: EGLenum(EGL_PLATFORM_X11_KHR), nativeDisplay: connection.display, name: "X11")
        context = try GLContext(session: session, window: EGLNativeWindowType(window))
        let context = context
        do {
            (renderer, program) = try context.withCurrent {
                (try GLRenderer(context: context, report: { FileHandle.standardError.write(Data("QuartzCoreGL: \($0)\n".utf8)) }),
                 try GLProgram(context.gl, vertex: PresentShader.vertex, fragment: PresentShader.fragment, uniforms: ["uFrame"]))
            }
        } catch let e as GLError { context.destroy(); throw e } catch { context.destroy(); throw .contextFailed("\(error)") }
        isSoftware = GLRenderer.isSoftware(context.renderer)
        waitsForVsync = !isSoftware && ((try? context.withCurrent { context.requestVsync() }) ?? false)
        description = "the GPU, straight to the window (EGL X11: \(context.renderer))"
    }

    /// `glReadPixels` calls so far: none while frames only go to the window.
    package var readbacks: Int { renderer.readbacks }

    /// Frame pixels drawn into the kept texture by the last present (the damage; the whole frame
    /// after a resize).
    package private(set) var lastRedrawnPixels = 0

    package func present(_ frame: KeptTargetFrame) throws {
        guard let root = frame.passes.last else { _ = try redisplay(); return }
        var byID: [RenderPassID: RenderPass] = [:]
        for pass in frame.passes { byID[pass.id] = pass }
        let order = try CPUCompositor.drawingOrder(root: root.id, passes: byID)
        let r = renderer
        try context.withCurrent {
            let gl = r.gl
            guard frame.width <= r.maxTextureSize, frame.height <= r.maxTextureSize else {
                throw GLError.contextFailed("a \(frame.width)×\(frame.height) frame is larger than the GPU's textures (\(r.maxTextureSize))")
            }
            var whole = frame.damage == nil
            if kept?.width != frame.width || kept?.height != frame.height {
                kept?.release(gl)
                kept = try GLTarget(gl, width: frame.width, height: frame.height)
                whole = true
            }
            let target = kept!
            let full = PixelBox(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
            let region = whole ? full : (frame.damage.flatMap(PixelBox.init(enclosing:))?.intersection(full) ?? full)
            try r.withPasses(byID, order: order, root: root) { outputs in
                target.bind(gl)
                gl.enable(GLenum(GL_SCISSOR_TEST))
                defer { gl.disable(GLenum(GL_SCISSOR_TEST)) }
                // Pixels no opaque quad covers start transparent (all of a new texture).
                if let clear = whole ? full : frame.clear.flatMap(PixelBox.init(enclosing:))?.intersection(region), !clear.isEmpty {
                    gl.scissor(GLint(clear.x0), GLint(clear.y0), GLsizei(clear.width), GLsizei(clear.height))
                    gl.clearColor(0, 0, 0, 0)
                    gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
                }
                gl.scissor(GLint(region.x0), GLint(region.y0), GLsizei(region.width), GLsizei(region.height))
                try r.drawQuads(root.quads.array[...], into: target, outputs: outputs)
                let error = gl.getError()
                if error == GLenum(GL_OUT_OF_MEMORY) { throw GLError.outOfMemory }
                if error == 0x0507 { throw GLError.contextLost("GL_CONTEXT_LOST during the frame") }
            }
            lastRedrawnPixels = region.width * region.height
            try show(target, damage: whole ? nil : region)
        }
    }

    package func redisplay() throws -> Bool {
        guard let target = kept else { return false }
        try context.withCurrent { try show(target, damage: nil) }
        return true
    }

    /// Copies the kept frame over the whole window surface (stretched if the sizes differ, for
    /// the frame of a resize in flight or a reduced scale) and swaps; with the context current.
    private func show(_ frame: GLTarget, damage: PixelBox?) throws {
        let gl = renderer.gl
        let (w, h) = context.surfaceSize
        guard w > 0, h > 0 else { return }
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        gl.viewport(0, 0, GLsizei(w), GLsizei(h))
        gl.disable(GLenum(GL_BLEND))
        gl.useProgram(program.id)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), frame.texture)
        gl.uniform1i(program["uFrame"], 0)
        gl.bindVertexArray(0)
        gl.drawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        // The damage as the window sees it: surface pixels, origin bottom-left.
        var rects: [EGLint]?
        if let d = damage, w == frame.width, h == frame.height {
            rects = [EGLint(d.x0), EGLint(h - d.y1), EGLint(d.width), EGLint(d.height)]
        }
        try context.swapBuffers(damage: rects)
    }

    package func close() {
        guard !closed else { return }
        closed = true
        let r = renderer, target = kept
        _ = try? context.withCurrent {
            target?.release(r.gl)
            r.gl.deleteProgram(program.id)
            r.release()
        }
        kept = nil
        context.destroy()
        _ = session.egl.terminate(session.display)
    }

    deinit { close() }
}
