/// Who composites a host's bitmap frames (our addition: on Apple the render server decides).
/// `CAOffscreenRenderer.useBackend(_:)` and `CARenderer.useBackend(_:)` (QuartzCoreGL) and
/// `CAWindow` take it. Frames are the same within the conformance suite's tolerance either way
/// (Sources/QuartzCoreGL/README.md says where they differ).
public enum CACompositingBackend: String, Sendable, CaseIterable {
    /// The GPU when a hardware GPU can be used, else the CPU compositor: never a software GL
    /// rasteriser (Mesa's llvmpipe, softpipe, SwiftShader), which is slower than the CPU
    /// compositor at the same work.
    case automatic
    /// The CPU compositor (the default of every host).
    case cpu
    /// The GPU compositor (OpenGL ES 3 over EGL), a software rasteriser included; refused with
    /// an error where no EGL context can be made.
    case gpu
}
