import CQuartzEGL
import CoreGraphics
import Foundation
import QuartzCore

extension CARenderer {
    /// A renderer that draws into the OpenGL ES 3 context current on the calling thread (an
    /// EGL context: GTK4's `GtkGLArea` with GLES, SDL or GLFW on EGL), the way macOS's
    /// `CARenderer(cglContext:options:)` draws into an app's CGL context
    /// (https://developer.apple.com/documentation/quartzcore/carenderer) — our addition on Linux.
    ///
    /// Use it as Apple's: set `layer` and `bounds` (the viewport in the framebuffer's pixels,
    /// origin bottom-left), commit (`CATransaction.flush()`), then per frame
    /// `beginFrame(atTime:timeStamp:)`, `render()`, `endFrame()`, with the same context current
    /// and the framebuffer to draw into bound (`GL_DRAW_FRAMEBUFFER`). `render()` composites the
    /// frame on the GPU into a texture it keeps (only what changed since the last frame, which
    /// `updateBounds()` reports) and draws it source-over into the viewport; the app's GL state
    /// it touches (framebuffer bindings, viewport, scissor, blending, program, vertex array, the
    /// textures of units 0–2, pixel store) is put back afterwards. `nextFrameTime()` says when
    /// to draw again (`.infinity`: nothing animates). The renderer's GL objects live in that
    /// context: release the renderer while it is current.
    ///
    /// - Throws: `GLError` when no EGL context is current, or it is not OpenGL ES 3.
    public static func makeForCurrentGLContext(options: [AnyHashable: Any]? = nil) throws(GLError) -> CARenderer {
        CARenderer(target: try GLContextTarget())
    }
}

/// An app's current EGL context as a `CARenderer` target: a kept frame texture, copied into the
/// app's bound framebuffer on each `render()`.
final class GLContextTarget: KeptFrameTarget {
    private let session: EGLSession
    private let context: GLContext
    private let frame: GLKeptFrame

    init() throws(GLError) {
        let egl = try EGLLibrary()
        session = try EGLSession(currentOf: egl)
        context = try GLContext(borrowingCurrentOf: session)
        let gl = context.gl
        let saved = GLStateGuard(gl)
        defer { saved.restore(gl) }
        frame = try GLKeptFrame(context: context)
    }

    func draw(_ next: KeptTargetFrame, into viewport: CGRect) throws {
        let frame = frame, gl = context.gl
        try context.withCurrent {
            let saved = GLStateGuard(gl)
            defer { saved.restore(gl) }
            var bound: GLint = 0
            gl.getIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            _ = try frame.draw(next)
            let v = viewport.integral
            frame.show(into: (Int(v.minX), Int(v.minY), Int(v.width), Int(v.height)), framebuffer: GLuint(bound), opaque: false)
        }
    }

    deinit {
        let frame = frame
        // Only while the app's context is current: otherwise its objects go with the context.
        _ = try? context.withCurrent { frame.release() }
    }
}
