/// Why the GPU backend could not start or could not draw a frame. Every case carries a
/// sentence for the user (carender prints it when it falls back to the CPU backend).
public enum GLError: Error, Equatable, CustomStringConvertible {
    /// `QUARTZCORE_GL=0` (or `off`) in the environment turned the GPU backend off.
    case disabled
    /// A library (libEGL.so.1, libGLESv2.so.2) could not be opened; the loader's message.
    case libraryMissing(String)
    /// An entry point the compositor needs is not in the library.
    case symbolMissing(String)
    /// No EGL display initialised on any platform tried (device, surfaceless, default).
    case noDisplay(String)
    /// A display exists but no OpenGL ES 3 context could be made on it.
    case contextFailed(String)
    /// A shader did not compile or link (the driver's log).
    case shaderFailed(String)
    /// A framebuffer for a pass was refused (status code), usually for lack of memory.
    case framebufferIncomplete(UInt32)
    /// The driver ran out of memory during a frame (GL_OUT_OF_MEMORY).
    case outOfMemory
    /// The context was lost (a GPU reset or the driver went away) and could not be made again.
    case contextLost(String)

    public var description: String {
        switch self {
        case .disabled: "the GPU backend is turned off (QUARTZCORE_GL=0)"
        case .libraryMissing(let m): "no EGL/OpenGL ES library: \(m)"
        case .symbolMissing(let s): "the OpenGL ES library lacks \(s)"
        case .noDisplay(let m): "no EGL display: \(m)"
        case .contextFailed(let m): "no OpenGL ES 3 context: \(m)"
        case .shaderFailed(let m): "a shader failed to build: \(m)"
        case .framebufferIncomplete(let s): "a render target was refused (framebuffer status 0x\(String(s, radix: 16)))"
        case .outOfMemory: "the GPU ran out of memory during the frame"
        case .contextLost(let m): "the OpenGL ES context was lost: \(m)"
        }
    }
}
