import Foundation
import QuartzCore
import QuartzCoreGL

/// `--backend gpu|cpu|auto`: which compositor draws carender's bitmap frames.
enum BackendChoice: String {
    /// The GPU when it is a hardware one, else the CPU (`CACompositingBackend.automatic`).
    case auto
    /// The GPU or nothing (exit 69 when there is none).
    case gpu
    /// The CPU compositor.
    case cpu

    /// Puts the chosen backend on `renderer` and prints one line to standard error saying which
    /// draws and why (`CAOffscreenRenderer.useBackend`). A GPU frame that fails is drawn again on
    /// the CPU (`FallbackBackend`), saying so.
    func install(on renderer: CAOffscreenRenderer) {
        let say: (String) -> Void = { if !quietOutput { note($0) } }
        if self == .cpu { return say("drawing on the CPU (--backend cpu)") }
        do {
            say("drawing on " + (try renderer.useBackend(self == .gpu ? .gpu : .automatic, report: { note($0) })))
        } catch {
            fail("--backend gpu: \(error)", .unavailable)
        }
    }
}

extension BackendChoice {
    /// The same choice for a window (`CAWindow`): auto never takes a software GL rasteriser.
    var compositing: CACompositingBackend {
        switch self { case .auto: .automatic; case .gpu: .gpu; case .cpu: .cpu }
    }
}

/// One line on standard error, "carender: …".
func note(_ line: String) {
    FileHandle.standardError.write(Data("carender: \(line)\n".utf8))
}
