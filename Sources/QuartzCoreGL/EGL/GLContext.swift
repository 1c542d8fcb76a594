import CQuartzEGL

/// One OpenGL ES 3 context on the session's display, with its GL entry points. Current on one
/// thread at a time: `withCurrent` makes it current for a block and releases it after, so the
/// owner may be called from any thread (the owner serialises calls).
final class GLContext: @unchecked Sendable {
    let session: EGLSession
    let gl: GLFunctions
    private(set) var context: EGLContext
    private var surface: EGLSurface?
    /// Whether `surface` is a window's (shown by `swapBuffers`).
    private(set) var isWindow = false
    let config: EGLConfig?
    /// "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6".
    private(set) var renderer = ""
    /// GL_MAX_TEXTURE_SIZE (at least 2,048 in ES 3.0).
    private(set) var maxTextureSize = 2048

    /// A context on `session`'s display; with `window` (an X11 window id, or a `wl_egl_window`
    /// pointer), drawing into that window's surface (`swapBuffers` shows it), else offscreen.
    init(session: EGLSession, window: EGLNativeWindowType? = nil) throws(GLError) {
        self.session = session
        let egl = session.egl, display = session.display
        guard egl.bindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .contextFailed(egl.lastError) }
        // A window's surface needs no alpha (the window is opaque); an offscreen one is never shown.
        var attributes: [EGLint] = window != nil
            ? [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
               EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE]
            : [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
               EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE]
        var config: EGLConfig?
        var n: EGLint = 0
        if window != nil, egl.chooseConfig(display, &attributes, &config, 1, &n) != EGL_TRUE || n == 0 {
            throw .contextFailed("no EGL config for a window surface: \(egl.lastError)")
        }
        if window == nil, egl.chooseConfig(display, &attributes, &config, 1, &n) != EGL_TRUE || n == 0 {
            // Surfaceless displays may list configs without pbuffer support; any ES 3 config will do.
            attributes = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
            if egl.chooseConfig(display, &attributes, &config, 1, &n) != EGL_TRUE || n == 0 { config = nil }
        }
        self.config = config
        var contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = egl.createContext(display, config, nil, &contextAttributes) else {
            throw .contextFailed(egl.lastError)
        }
        self.context = context
        if let window {
            surface = egl.createWindowSurface(display, config, window, nil)
            if surface == nil {
                _ = egl.destroyContext(display, context)
                throw .contextFailed("eglCreateWindowSurface: \(egl.lastError)")
            }
            isWindow = true
        } else if !session.surfaceless {
            var pb: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            surface = config.flatMap { egl.createPbufferSurface(display, $0, &pb) }
            if surface == nil { _ = egl.destroyContext(display, context); throw .contextFailed("no pbuffer: \(egl.lastError)") }
        }
        guard egl.makeCurrent(display, surface, surface, context) == EGL_TRUE else {
            _ = egl.destroyContext(display, context)
            throw .contextFailed("eglMakeCurrent: \(egl.lastError)")
        }
        defer { _ = egl.makeCurrent(display, nil, nil, nil) }
        do { gl = try GLFunctions(egl.glSymbol) } catch { _ = egl.destroyContext(display, context); throw error }
        func string(_ name: Int32) -> String { gl.getString(GLenum(name)).map { String(cString: $0) } ?? "?" }
        renderer = "\(string(GL_RENDERER)), \(string(GL_VERSION))"
        var size: GLint = 0
        gl.getIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = max(64, Int(size))
    }

    /// The context current on this thread, borrowed (an app's own: `CARenderer` drawing into
    /// it). `withCurrent` then only checks that it is still current and leaves it so; `destroy`
    /// leaves it alone.
    init(borrowingCurrentOf session: EGLSession) throws(GLError) {
        self.session = session
        let egl = session.egl
        guard let current = egl.getCurrentContext() else { throw .contextFailed("no EGL context is current") }
        context = current
        surface = egl.getCurrentSurface(EGL_DRAW)
        config = nil
        borrowed = true
        do { gl = try GLFunctions(egl.glSymbol) } catch { throw error }
        func string(_ name: Int32) -> String { gl.getString(GLenum(name)).map { String(cString: $0) } ?? "?" }
        renderer = "\(string(GL_RENDERER)), \(string(GL_VERSION))"
        guard string(GL_VERSION).hasPrefix("OpenGL ES 3") || string(GL_VERSION).hasPrefix("OpenGL ES 4") else {
            throw .contextFailed("the current context is \(string(GL_VERSION)); QuartzCoreGL draws with OpenGL ES 3")
        }
        var size: GLint = 0
        gl.getIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = max(64, Int(size))
    }

    /// Whether the context is an app's (`init(borrowingCurrentOf:)`).
    private(set) var borrowed = false

    /// Runs `body` with the context current on this thread; throws `.contextLost` when EGL
    /// refuses to make it current (`EGL_CONTEXT_LOST` after a reset).
    func withCurrent<R>(_ body: () throws -> R) throws -> R {
        let egl = session.egl
        if borrowed {
            guard egl.getCurrentContext() == context else {
                throw GLError.contextFailed("the app's GL context is not current on this thread")
            }
            return try body()
        }
        guard egl.makeCurrent(session.display, surface, surface, context) == EGL_TRUE else {
            throw GLError.contextLost("eglMakeCurrent: \(egl.lastError)")
        }
        defer { _ = egl.makeCurrent(session.display, nil, nil, nil) }
        return try body()
    }

    /// The window surface's size in pixels, as EGL sees it now (it follows the window).
    var surfaceSize: (width: Int, height: Int) {
        guard let surface else { return (0, 0) }
        var w: EGLint = 0, h: EGLint = 0
        _ = session.egl.querySurface(session.display, surface, EGL_WIDTH, &w)
        _ = session.egl.querySurface(session.display, surface, EGL_HEIGHT, &h)
        return (Int(w), Int(h))
    }

    /// Asks presents to wait for the vertical blank (`eglSwapInterval(1)`); whether EGL agreed.
    /// Call with the context current.
    func requestVsync() -> Bool {
        session.egl.swapInterval(session.display, 1) == EGL_TRUE
    }

    /// Shows the window surface's back buffer (with the context current). `damage`, when EGL
    /// offers `EGL_KHR_swap_buffers_with_damage`, lists the changed rectangles (x, y, w, h,
    /// origin bottom-left) so the window system copies only those.
    func swapBuffers(damage: [EGLint]? = nil) throws(GLError) {
        guard let surface else { throw .contextFailed("no surface to show") }
        let egl = session.egl
        let ok: EGLBoolean
        if var rects = damage, !rects.isEmpty, let swap = egl.swapBuffersWithDamage,
           session.extensions.contains("EGL_KHR_swap_buffers_with_damage") || session.extensions.contains("EGL_EXT_swap_buffers_with_damage") {
            ok = swap(session.display, surface, &rects, EGLint(rects.count / 4))
        } else {
            ok = egl.swapBuffers(session.display, surface)
        }
        guard ok == EGL_TRUE else {
            let code = egl.getError()
            // A context or surface destroyed under us (a reset, or the context taken while it
            // was current, whose destruction EGL defers to the end of the frame) is a loss too:
            // a new context on the window draws the next frame.
            if code == EGL_CONTEXT_LOST || code == EGL_BAD_CONTEXT || code == EGL_BAD_SURFACE {
                throw .contextLost("eglSwapBuffers: EGL error 0x" + String(code, radix: 16))
            }
            throw .contextFailed("eglSwapBuffers: EGL error 0x" + String(code, radix: 16))
        }
    }

    private var destroyed = false

    /// Destroys the context (its textures, buffers and programs go with it); idempotent.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        if borrowed { return }   // the app's: not ours to destroy
        let egl = session.egl
        if let surface { _ = egl.destroySurface(session.display, surface) }
        surface = nil
        _ = egl.destroyContext(session.display, context)
    }

    deinit { destroy() }
}
