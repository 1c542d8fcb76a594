import CQuartzEGL

/// The OpenGL ES 3.0 entry points the compositor calls, taken from the library at run time
/// (`GLLibrary.load`): nothing is linked, so a program starts where no GL library exists.
/// Names are GL's without the `gl` prefix; see the Khronos ES 3.0 reference pages.
struct GLFunctions {
    let getError: PFNGLGETERRORPROC
    let getString: PFNGLGETSTRINGPROC
    let getIntegerv: PFNGLGETINTEGERVPROC
    let genTextures: PFNGLGENTEXTURESPROC
    let deleteTextures: PFNGLDELETETEXTURESPROC
    let bindTexture: PFNGLBINDTEXTUREPROC
    let texImage2D: PFNGLTEXIMAGE2DPROC
    let texSubImage2D: PFNGLTEXSUBIMAGE2DPROC
    let texParameteri: PFNGLTEXPARAMETERIPROC
    let pixelStorei: PFNGLPIXELSTOREIPROC
    let activeTexture: PFNGLACTIVETEXTUREPROC
    let genFramebuffers: PFNGLGENFRAMEBUFFERSPROC
    let deleteFramebuffers: PFNGLDELETEFRAMEBUFFERSPROC
    let bindFramebuffer: PFNGLBINDFRAMEBUFFERPROC
    let framebufferTexture2D: PFNGLFRAMEBUFFERTEXTURE2DPROC
    let checkFramebufferStatus: PFNGLCHECKFRAMEBUFFERSTATUSPROC
    let viewport: PFNGLVIEWPORTPROC
    let scissor: PFNGLSCISSORPROC
    let enable: PFNGLENABLEPROC
    let disable: PFNGLDISABLEPROC
    let blendFunc: PFNGLBLENDFUNCPROC
    let clearColor: PFNGLCLEARCOLORPROC
    let clear: PFNGLCLEARPROC
    let readPixels: PFNGLREADPIXELSPROC
    let createShader: PFNGLCREATESHADERPROC
    let shaderSource: PFNGLSHADERSOURCEPROC
    let compileShader: PFNGLCOMPILESHADERPROC
    let getShaderiv: PFNGLGETSHADERIVPROC
    let getShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
    let deleteShader: PFNGLDELETESHADERPROC
    let createProgram: PFNGLCREATEPROGRAMPROC
    let attachShader: PFNGLATTACHSHADERPROC
    let linkProgram: PFNGLLINKPROGRAMPROC
    let getProgramiv: PFNGLGETPROGRAMIVPROC
    let getProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
    let useProgram: PFNGLUSEPROGRAMPROC
    let deleteProgram: PFNGLDELETEPROGRAMPROC
    let getUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
    let uniform1i: PFNGLUNIFORM1IPROC
    let uniform1f: PFNGLUNIFORM1FPROC
    let uniform2f: PFNGLUNIFORM2FPROC
    let uniform4f: PFNGLUNIFORM4FPROC
    let uniform1fv: PFNGLUNIFORM1FVPROC
    let uniform4fv: PFNGLUNIFORM4FVPROC
    let genBuffers: PFNGLGENBUFFERSPROC
    let deleteBuffers: PFNGLDELETEBUFFERSPROC
    let bindBuffer: PFNGLBINDBUFFERPROC
    let bufferData: PFNGLBUFFERDATAPROC
    let bufferSubData: PFNGLBUFFERSUBDATAPROC
    let genVertexArrays: PFNGLGENVERTEXARRAYSPROC
    let bindVertexArray: PFNGLBINDVERTEXARRAYPROC
    let deleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
    let enableVertexAttribArray: PFNGLENABLEVERTEXATTRIBARRAYPROC
    let vertexAttribPointer: PFNGLVERTEXATTRIBPOINTERPROC
    let vertexAttribDivisor: PFNGLVERTEXATTRIBDIVISORPROC
    let drawArrays: PFNGLDRAWARRAYSPROC
    let drawArraysInstanced: PFNGLDRAWARRAYSINSTANCEDPROC
    let copyTexSubImage2D: PFNGLCOPYTEXSUBIMAGE2DPROC
    let finish: PFNGLFINISHPROC
    let flush: PFNGLFLUSHPROC
    let uniformMatrix4fv: PFNGLUNIFORMMATRIX4FVPROC
    let uniform2i: PFNGLUNIFORM2IPROC
    let isEnabled: PFNGLISENABLEDPROC
    let blendFuncSeparate: PFNGLBLENDFUNCSEPARATEPROC
    let getFloatv: PFNGLGETFLOATVPROC

    /// Every entry point, or an error naming the first one missing.
    init(_ symbol: (String) throws(GLError) -> UnsafeMutableRawPointer) throws(GLError) {
        func load<T>(_ name: String) throws(GLError) -> T { unsafeBitCast(try symbol(name), to: T.self) }
        getError = try load("glGetError")
        getString = try load("glGetString")
        getIntegerv = try load("glGetIntegerv")
        genTextures = try load("glGenTextures")
        deleteTextures = try load("glDeleteTextures")
        bindTexture = try load("glBindTexture")
        texImage2D = try load("glTexImage2D")
        texSubImage2D = try load("glTexSubImage2D")
        texParameteri = try load("glTexParameteri")
        pixelStorei = try load("glPixelStorei")
        activeTexture = try load("glActiveTexture")
        genFramebuffers = try load("glGenFramebuffers")
        deleteFramebuffers = try load("glDeleteFramebuffers")
        bindFramebuffer = try load("glBindFramebuffer")
        framebufferTexture2D = try load("glFramebufferTexture2D")
        checkFramebufferStatus = try load("glCheckFramebufferStatus")
        viewport = try load("glViewport")
        scissor = try load("glScissor")
        enable = try load("glEnable")
        disable = try load("glDisable")
        blendFunc = try load("glBlendFunc")
        clearColor = try load("glClearColor")
        clear = try load("glClear")
        readPixels = try load("glReadPixels")
        createShader = try load("glCreateShader")
        shaderSource = try load("glShaderSource")
        compileShader = try load("glCompileShader")
        getShaderiv = try load("glGetShaderiv")
        getShaderInfoLog = try load("glGetShaderInfoLog")
        deleteShader = try load("glDeleteShader")
        createProgram = try load("glCreateProgram")
        attachShader = try load("glAttachShader")
        linkProgram = try load("glLinkProgram")
        getProgramiv = try load("glGetProgramiv")
        getProgramInfoLog = try load("glGetProgramInfoLog")
        useProgram = try load("glUseProgram")
        deleteProgram = try load("glDeleteProgram")
        getUniformLocation = try load("glGetUniformLocation")
        uniform1i = try load("glUniform1i")
        uniform1f = try load("glUniform1f")
        uniform2f = try load("glUniform2f")
        uniform4f = try load("glUniform4f")
        uniform1fv = try load("glUniform1fv")
        uniform4fv = try load("glUniform4fv")
        genBuffers = try load("glGenBuffers")
        deleteBuffers = try load("glDeleteBuffers")
        bindBuffer = try load("glBindBuffer")
        bufferData = try load("glBufferData")
        bufferSubData = try load("glBufferSubData")
        genVertexArrays = try load("glGenVertexArrays")
        bindVertexArray = try load("glBindVertexArray")
        deleteVertexArrays = try load("glDeleteVertexArrays")
        enableVertexAttribArray = try load("glEnableVertexAttribArray")
        vertexAttribPointer = try load("glVertexAttribPointer")
        vertexAttribDivisor = try load("glVertexAttribDivisor")
        drawArrays = try load("glDrawArrays")
        drawArraysInstanced = try load("glDrawArraysInstanced")
        copyTexSubImage2D = try load("glCopyTexSubImage2D")
        finish = try load("glFinish")
        flush = try load("glFlush")
        uniformMatrix4fv = try load("glUniformMatrix4fv")
        uniform2i = try load("glUniform2i")
        isEnabled = try load("glIsEnabled")
        blendFuncSeparate = try load("glBlendFuncSeparate")
        getFloatv = try load("glGetFloatv")
    }
}
