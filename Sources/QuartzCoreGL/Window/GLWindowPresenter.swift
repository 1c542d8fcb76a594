import Synchronization
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
    private let window: UInt
    private var context: GLContext
    private var frame: GLKeptFrame
    /// Contexts made again after a loss (a GPU reset, `simulateContextLoss`).
    package private(set) var recoveries = 0
    /// Receives a sentence when the context was lost and made again (standard error by default).
    package var report: @Sendable (String) -> Void = BackendChoice.standardError
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
        self.window = window
        let (made, kept) = try Self.makeContext(session, window)
        context = made; frame = kept
        isSoftware = GLRenderer.isSoftware(made.renderer)
        waitsForVsync = !isSoftware && ((try? made.withCurrent { made.requestVsync() }) ?? false)
        description = "the GPU, straight to the window (EGL X11: \(made.renderer))"
    }

    /// `glReadPixels` calls so far: none while frames only go to the window.
    package var readbacks: Int { frame.renderer.readbacks }

    /// A context with a surface on `window` and a kept frame in it.
    private static func makeContext(_ session: EGLSession, _ window: UInt) throws(GLError) -> (GLContext, GLKeptFrame) {
        let context = try GLContext(session: session, window: EGLNativeWindowType(window))
        do {
            return (context, try context.withCurrent { try GLKeptFrame(context: context) })
        } catch let e as GLError { context.destroy(); throw e } catch { context.destroy(); throw .contextFailed("\(error)") }
    }

    package func present(_ next: KeptTargetFrame) throws {
        if lossPending.withLock({ let was = $0; $0 = false; return was }) { context.destroy() }
        do {
            try context.withCurrent {
                guard let region = try frame.draw(next) else { return try show(damage: nil) }
                try show(damage: next.damage == nil ? nil : region)
            }
        } catch GLError.contextLost(let why) {
            // A reset took the context and its textures: a new one on the same window, once a
            // frame; its kept frame is empty, so the loop draws the next frame whole. A context
            // that cannot be made again throws, and the window presents on the CPU.
            context.destroy()
            (context, frame) = try Self.makeContext(session, window)
            if waitsForVsync { _ = try? context.withCurrent { context.requestVsync() } }
            recoveries += 1
            report("the OpenGL ES context was lost (\(why)); presenting with a new one")
            throw PresenterError.lostPixels(why)
        }
    }

    /// Destroys the context under the presenter, as a GPU reset would (tests of recovery): at
    /// the start of the next present, on the render thread, so the test never races a frame in
    /// flight (a context destroyed while current on another thread lives on until released).
    package func simulateContextLoss() {
        lossPending.withLock { $0 = true }
    }
    private let lossPending = Mutex(false)

    package func redisplay() throws -> Bool {
        guard frame.target != nil else { return false }
        try context.withCurrent { try show(damage: nil) }
        return true
    }

    /// Copies the kept frame over the whole window surface and swaps; the swap names `damage`
    /// (frame pixels) where EGL takes damage and the sizes match. With the context current.
    private func show(damage: PixelBox?) throws {
        let (w, h) = context.surfaceSize
        guard w > 0, h > 0, let kept = frame.target else { return }
        frame.show(into: (0, 0, w, h), framebuffer: 0, opaque: true)
        var rects: [EGLint]?
        if let d = damage, w == kept.width, h == kept.height {
            rects = [EGLint(d.x0), EGLint(h - d.y1), EGLint(d.width), EGLint(d.height)]
        }
        try context.swapBuffers(damage: rects)
        // A software swap is an image sent on our connection: handled before the next frame (and
        // before a screenshot taken after this present returned).
        if isSoftware { connection.sync() }
    }

    package func close() {
        guard !closed else { return }
        closed = true
        let frame = frame
        _ = try? context.withCurrent { frame.release() }
        context.destroy()
        _ = session.egl.terminate(session.display)
    }

    deinit { close() }
}
