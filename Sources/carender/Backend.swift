import Foundation
import QuartzCore
import QuartzCoreGL

/// `--backend gpu|cpu|auto`: which compositor draws carender's bitmap frames.
enum BackendChoice: String {
    /// The GPU when an EGL display and an OpenGL ES 3 context can be made, else the CPU.
    case auto
    /// The GPU or nothing (exit 69 when there is none).
    case gpu
    /// The CPU compositor.
    case cpu

    /// Puts the chosen backend on `renderer` and prints one line to standard error saying which
    /// draws and why. A GPU frame that fails is drawn again on the CPU (`FallbackBackend`).
    func install(on renderer: CAOffscreenRenderer) {
        if self == .cpu { return note("drawing on the CPU (--backend cpu)") }
        do {
            let gpu = try GLCompositor()
            renderer.backend = FallbackBackend(primary: gpu, report: { note($0) })
            note("drawing on the GPU (\(gpu.deviceDescription))")
        } catch {
            if self == .gpu { fail("--backend gpu: \(error)", .unavailable) }
            note("drawing on the CPU: \(error)")
        }
    }
}

/// One line on standard error, "carender: …".
func note(_ line: String) {
    FileHandle.standardError.write(Data("carender: \(line)\n".utf8))
}
