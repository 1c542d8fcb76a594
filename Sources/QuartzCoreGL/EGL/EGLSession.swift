import CQuartzEGL
import Foundation

/// The process's EGL display, opened once: the first platform that initialises, in this order.
///
/// 1. The device platform (`EGL_EXT_platform_device`): what NVIDIA's driver offers headless,
///    and Mesa's software device (llvmpipe) where there is no GPU (a GPU device comes first).
/// 2. Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`).
/// 3. The default display (X11 or Wayland when one is running), drawing into a pbuffer.
///
/// `QUARTZCORE_GL=0` (or `off`, `cpu`) skips all of it: the backend reports `.disabled`.
final class EGLSession: @unchecked Sendable {
    let egl: EGLLibrary
    let display: EGLDisplay
    /// Which platform answered ("device", "surfaceless", "default display").
    let platform: String
    /// Contexts need no surface (`EGL_KHR_surfaceless_context`); else each gets a 1 × 1 pbuffer.
    let surfaceless: Bool
    /// The display's EGL extensions.
    private(set) var extensions: Set<String> = []

    /// The session, or why there is none; tried once per process.
    static let shared: Result<EGLSession, GLError> = Result { () throws(GLError) -> EGLSession in
        try EGLSession() }

    /// `QUARTZCORE_GL` is 0, off, cpu, no or false.
    static var isTurnedOff: Bool {
        let v = ProcessInfo.processInfo.environment["QUARTZCORE_GL"]?.lowercased()
        return v.map { ["0", "off", "cpu", "no", "false"].contains($0) } ?? false
    }

    private init() throws(GLError) {
        if Self.isTurnedOff { throw .disabled }
        let egl = try EGLLibrary()
        var tried: [String] = []
        var found: (EGLDisplay, String)?
        for (name, make) in Self.candidates(egl) {
            guard let d = make() else { tried.append("\(name): none"); continue }
            var major: EGLint = 0, minor: EGLint = 0
            if egl.initialize(d, &major, &minor) == EGL_TRUE { found = (d, name); break }
            tried.append("\(name): \(egl.lastError)")
        }
        guard let (display, platform) = found else { throw .noDisplay(tried.joined(separator: "; ")) }
        self.egl = egl; self.display = display; self.platform = platform
        let extensions = egl.queryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        surfaceless = extensions.split(separator: " ").contains("EGL_KHR_surfaceless_context")
        self.extensions = Set(extensions.split(separator: " ").map(String.init))
    }

    /// A display on a window system's connection, for window surfaces (`GLWindowPresenter`):
    /// `platform` is `EGL_PLATFORM_X11_KHR` with an Xlib `Display *`, or
    /// `EGL_PLATFORM_WAYLAND_KHR` with a `wl_display *`. Respects `QUARTZCORE_GL=0` as `shared`.
    init(platform: EGLenum, nativeDisplay: UnsafeMutableRawPointer, name: String) throws(GLError) {
        let switchValue = ProcessInfo.processInfo.environment["QUARTZCORE_GL"]?.lowercased()
        if let v = switchValue, ["0", "off", "cpu", "no", "false"].contains(v) { throw .disabled }
        let egl = try EGLLibrary()
        guard let platformDisplay = egl.getPlatformDisplay,
              let d = platformDisplay(platform, nativeDisplay, nil) else {
            throw .noDisplay("\(name): no EGL display for the window system (\(egl.lastError))")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard egl.initialize(d, &major, &minor) == EGL_TRUE else { throw .noDisplay("\(name): \(egl.lastError)") }
        self.egl = egl; self.display = d; self.platform = name
        let extensions = egl.queryString(d, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        surfaceless = extensions.split(separator: " ").contains("EGL_KHR_surfaceless_context")
        self.extensions = Set(extensions.split(separator: " ").map(String.init))
    }

    /// The display of the EGL context current on this thread (an app's own, for
    /// `CARenderer.makeForCurrentGLContext`): used as it is, never terminated by us.
    init(currentOf egl: EGLLibrary) throws(GLError) {
        guard let d = egl.getCurrentDisplay(), egl.getCurrentContext() != nil else {
            throw .noDisplay("no EGL context is current on this thread (make the app's context current first)")
        }
        self.egl = egl; display = d; platform = "the app's context"
        let extensions = egl.queryString(d, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        surfaceless = extensions.split(separator: " ").contains("EGL_KHR_surfaceless_context")
        self.extensions = Set(extensions.split(separator: " ").map(String.init))
    }

    /// The displays to try, lazily (each closure asks EGL for one).
    private static func candidates(_ egl: EGLLibrary) -> [(String, () -> EGLDisplay?)] {
        // A machine with a GPU may list Mesa's software device too (glvnd lists every vendor's):
        // the GPU is taken first.
        func isSoftware(_ device: EGLDeviceEXT) -> Bool {
            guard let q = egl.queryDeviceString, let s = q(device, EGL_EXTENSIONS) else { return false }
            return String(cString: s).contains("EGL_MESA_device_software")
        }
        var out: [(String, () -> EGLDisplay?)] = []
        if let platformDisplay = egl.getPlatformDisplay {
            if let query = egl.queryDevices {
                out.append(("device", {
                    var devices = [EGLDeviceEXT?](repeating: nil, count: 8)
                    var n: EGLint = 0
                    guard query(8, &devices, &n) == EGL_TRUE, n > 0 else { return nil }
                    let listed = devices.prefix(Int(n)).compactMap { $0 }
                    guard let device = listed.first(where: { !isSoftware($0) }) ?? listed.first else { return nil }
                    return platformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil)
                }))
            }
            out.append(("surfaceless", { platformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) }))
        }
        out.append(("default display", { egl.getDisplay(nil) }))
        return out
    }
}
