import CQuartzEGL

/// One OpenGL ES 3 context on the session's display, with its GL entry points. Current on one
/// thread at a time: `withCurrent` makes it current for a block and releases it after, so the
/// owner may be called from any thread (the owner serialises calls).
final class GLContext: @unchecked Sendable {
    let session: EGLSession
    let gl: GLFunctions
    private(set) var context: EGLContext
    private var surface: EGLSurface?
    let config: EGLConfig?
    /// "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6".
    private(set) var renderer = ""
    /// GL_MAX_TEXTURE_SIZE (at least 2,048 in ES 3.0).
    private(set) var maxTextureSize = 2048

    init(session: EGLSession) throws(GLError) {
        self.session = session
        let egl = session.egl, display = session.display
        guard egl.bindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw .contextFailed(egl.lastError) }
        var attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE]
        var config: EGLConfig?
        var n: EGLint = 0
        if egl.chooseConfig(display, &attributes, &config, 1, &n) != EGL_TRUE || n == 0 {
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
        if !session.surfaceless {
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

    /// Runs `body` with the context current on this thread; throws `.contextLost` when EGL
    /// refuses to make it current (`EGL_CONTEXT_LOST` after a reset).
    func withCurrent<R>(_ body: () throws -> R) throws -> R {
        let egl = session.egl
        guard egl.makeCurrent(session.display, surface, surface, context) == EGL_TRUE else {
            throw GLError.contextLost("eglMakeCurrent: \(egl.lastError)")
        }
        defer { _ = egl.makeCurrent(session.display, nil, nil, nil) }
        return try body()
    }

    private var destroyed = false

    /// Destroys the context (its textures, buffers and programs go with it); idempotent.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        let egl = session.egl
        if let surface { _ = egl.destroySurface(session.display, surface) }
        surface = nil
        _ = egl.destroyContext(session.display, context)
    }

    deinit { destroy() }
}
