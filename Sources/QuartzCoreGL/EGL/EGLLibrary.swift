import CQuartzEGL
import Foundation

/// libEGL and libGLESv2 opened at run time, with the EGL entry points the session needs.
///
/// `QUARTZCORE_EGL_LIBRARY` names another libEGL (tests point it at a missing file to remove
/// the GPU). GL entry points come from libGLESv2.so.2, else from `eglGetProcAddress`.
struct EGLLibrary {
    let getProcAddress: PFNEGLGETPROCADDRESSPROC
    let getError: PFNEGLGETERRORPROC
    let queryString: PFNEGLQUERYSTRINGPROC
    let getDisplay: PFNEGLGETDISPLAYPROC
    let initialize: PFNEGLINITIALIZEPROC
    let bindAPI: PFNEGLBINDAPIPROC
    let chooseConfig: PFNEGLCHOOSECONFIGPROC
    let createContext: PFNEGLCREATECONTEXTPROC
    let destroyContext: PFNEGLDESTROYCONTEXTPROC
    let makeCurrent: PFNEGLMAKECURRENTPROC
    let createPbufferSurface: PFNEGLCREATEPBUFFERSURFACEPROC
    let destroySurface: PFNEGLDESTROYSURFACEPROC
    let createWindowSurface: PFNEGLCREATEWINDOWSURFACEPROC
    let swapBuffers: PFNEGLSWAPBUFFERSPROC
    let swapInterval: PFNEGLSWAPINTERVALPROC
    let querySurface: PFNEGLQUERYSURFACEPROC
    let getCurrentDisplay: PFNEGLGETCURRENTDISPLAYPROC
    let getCurrentContext: PFNEGLGETCURRENTCONTEXTPROC
    let getCurrentSurface: PFNEGLGETCURRENTSURFACEPROC
    let terminate: PFNEGLTERMINATEPROC
    /// EGL_KHR_swap_buffers_with_damage (or the EXT spelling), when the library has it.
    let swapBuffersWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC?
    /// EGL_EXT_platform_base and EGL_EXT_device_enumeration, when the library has them.
    let getPlatformDisplay: PFNEGLGETPLATFORMDISPLAYEXTPROC?
    let queryDevices: PFNEGLQUERYDEVICESEXTPROC?
    /// EGL_EXT_device_query: a device's extensions (Mesa's software device names itself).
    let queryDeviceString: PFNEGLQUERYDEVICESTRINGEXTPROC?
    private let egl: UnsafeMutableRawPointer
    private let gles: UnsafeMutableRawPointer?

    init() throws(GLError) {
        let path = ProcessInfo.processInfo.environment["QUARTZCORE_EGL_LIBRARY"] ?? "libEGL.so.1"
        guard let egl = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw .libraryMissing(dlerror().map { String(cString: $0) } ?? path)
        }
        self.egl = egl
        gles = dlopen("libGLESv2.so.2", RTLD_NOW | RTLD_LOCAL)
        func sym<T>(_ name: String) throws(GLError) -> T {
            guard let p = dlsym(egl, name) else { throw .symbolMissing(name) }
            return unsafeBitCast(p, to: T.self)
        }
        getProcAddress = try sym("eglGetProcAddress")
        getError = try sym("eglGetError"); queryString = try sym("eglQueryString")
        getDisplay = try sym("eglGetDisplay"); initialize = try sym("eglInitialize")
        bindAPI = try sym("eglBindAPI"); chooseConfig = try sym("eglChooseConfig")
        createContext = try sym("eglCreateContext"); destroyContext = try sym("eglDestroyContext")
        makeCurrent = try sym("eglMakeCurrent"); createPbufferSurface = try sym("eglCreatePbufferSurface")
        destroySurface = try sym("eglDestroySurface"); createWindowSurface = try sym("eglCreateWindowSurface")
        swapBuffers = try sym("eglSwapBuffers"); swapInterval = try sym("eglSwapInterval")
        querySurface = try sym("eglQuerySurface"); terminate = try sym("eglTerminate")
        getCurrentDisplay = try sym("eglGetCurrentDisplay"); getCurrentContext = try sym("eglGetCurrentContext")
        getCurrentSurface = try sym("eglGetCurrentSurface")
        let gpa = getProcAddress
        func ext<T>(_ name: String) -> T? { gpa(name).map { unsafeBitCast($0, to: T.self) } }
        getPlatformDisplay = ext("eglGetPlatformDisplayEXT")
        queryDevices = ext("eglQueryDevicesEXT")
        queryDeviceString = ext("eglQueryDeviceStringEXT")
        swapBuffersWithDamage = ext("eglSwapBuffersWithDamageKHR") ?? ext("eglSwapBuffersWithDamageEXT")
    }

    /// A GL entry point by name (`glDrawArrays`).
    func glSymbol(_ name: String) throws(GLError) -> UnsafeMutableRawPointer {
        if let gles, let p = dlsym(gles, name) { return p }
        if let p = getProcAddress(name) { return unsafeBitCast(p, to: UnsafeMutableRawPointer.self) }
        throw .symbolMissing(name)
    }

    /// The last EGL error as hex, for messages.
    var lastError: String { "EGL error 0x" + String(getError(), radix: 16) }
}
