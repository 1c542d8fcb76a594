import Foundation
import QuartzCore
import QuartzCoreGL

/// `CABENCH_BACKEND=gpu`: the render scenes (every `CAOffscreenRenderer` but `threads`'s) draw our
/// frames with the GPU backend (QuartzCoreGL; llvmpipe without a GPU) instead of the CPU
/// compositor, so one run per backend gives the GPU/CPU ratio per scene (docs/BENCHMARKS.md).
enum BenchBackend {
    static let choice = ProcessInfo.processInfo.environment["CABENCH_BACKEND"] ?? "cpu"
    static let gpu: GLCompositor? = {
        guard choice == "gpu" else { return nil }
        do {
            let g = try GLCompositor()
            FileHandle.standardError.write(Data("cabench: GPU backend, \(g.deviceDescription)\n".utf8))
            return g
        } catch {
            FileHandle.standardError.write(Data("cabench: CABENCH_BACKEND=gpu but \(error)\n".utf8))
            exit(69)
        }
    }()

    /// Puts the chosen backend on `renderer` (nothing for the CPU, the default).
    static func install(on renderer: CAOffscreenRenderer) {
        if let gpu { renderer.backend = gpu }
    }

    /// On the GPU, one line on standard error after a case's timed frames: the last frame's
    /// draw calls (batching) and root pixels redrawn (partial redraw), e.g.
    /// "cabench: 1,000 sprites …: GPU frame: 2 draw calls, 2,073,600 root pixels redrawn".
    static func noteLastFrame(of label: String) {
        guard let gpu else { return }
        let line = "cabench: \(label): GPU frame: \(gpu.lastDrawCalls.formatted()) draw calls, "
            + "\(gpu.lastRedrawnPixels.formatted()) root pixels redrawn\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
