import Foundation

/// Whether the machine has a GPU device node at all, checked before EGL is initialised: a
/// hardware OpenGL ES driver works through one (a DRM render node or card for Mesa's drivers,
/// `/dev/nvidia*` for NVIDIA's, `/dev/dxg` under WSL). Without one, EGL can only offer a
/// software rasteriser, which `.automatic` never takes, so it need not load one to find out:
/// initialising llvmpipe cost 60–90 ms and 70 MB per process (a render farm's short jobs pay it
/// each time).
enum GPUDevices {
    static let candidates = ["/dev/dri", "/dev/nvidiactl", "/dev/nvidia0", "/dev/dxg"]

    /// True when a device node a hardware driver could use exists.
    static var anyPresent: Bool {
        let fm = FileManager.default
        if let nodes = try? fm.contentsOfDirectory(atPath: "/dev/dri"),
           nodes.contains(where: { $0.hasPrefix("renderD") || $0.hasPrefix("card") }) { return true }
        return candidates.dropFirst().contains { fm.fileExists(atPath: $0) }
    }
}
