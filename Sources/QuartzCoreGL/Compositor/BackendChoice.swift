import Foundation
import QuartzCore

/// Puts the compositor a `CACompositingBackend` names under a host: the GPU compositor
/// (`GLCompositor`, with the CPU drawing any frame it fails: `FallbackBackend`) or the CPU one.
enum BackendChoice {
    /// The backend for `choice`, and one sentence saying who draws and why. Throws the GL
    /// reason for `.gpu` when no context can be made; `report` receives later sentences (a frame
    /// drawn on the CPU after the GPU failed).
    static func make(_ choice: CACompositingBackend,
                     report: @escaping @Sendable (String) -> Void) throws(GLError) -> (backend: any RenderBackend, description: String) {
        if choice == .cpu { return (CPUCompositor(), "the CPU (as asked)") }
        if choice == .automatic, let reason = automaticSkipsEGL() { return (CPUCompositor(), "the CPU: \(reason)") }
        do throws(GLError) {
            let gpu = try GLCompositor()
            if choice == .automatic, gpu.isSoftwareRenderer {
                return (CPUCompositor(), "the CPU: the only GL renderer is a software one (\(gpu.deviceDescription)), slower than the CPU compositor")
            }
            return (FallbackBackend(primary: gpu, report: report), "the GPU (\(gpu.deviceDescription))")
        } catch {
            if choice == .gpu { throw error }
            return (CPUCompositor(), "the CPU: \(error)")
        }
    }

    /// Why `.automatic` need not initialise EGL, checked cheaply first: the GPU is turned off,
    /// libEGL is missing, or there is no GPU device node (`GPUDevices`), so only a software
    /// rasteriser could answer. nil when EGL must be asked.
    private static func automaticSkipsEGL() -> String? {
        if EGLSession.isTurnedOff { return GLError.disabled.description }
        do throws(GLError) { _ = try EGLLibrary() } catch { return error.description }
        if !GPUDevices.anyPresent {
            return "no GPU device (no /dev/dri render node, /dev/nvidia* or /dev/dxg); a software GL rasteriser would be slower than the CPU compositor"
        }
        return nil
    }

    static let standardError: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("QuartzCoreGL: \($0)\n".utf8)) }
}

extension CAOffscreenRenderer {
    /// Chooses who composites this renderer's bitmap frames (our addition): `.cpu` (the
    /// default), `.gpu` (OpenGL ES 3 over headless EGL; a frame the GPU fails is drawn on the
    /// CPU, saying so once), or `.automatic` (the GPU only when it is a hardware one).
    /// Frames are the same within the conformance tolerance (Sources/QuartzCoreGL/README.md).
    ///
    /// - Returns: one sentence saying who draws and why ("the GPU (EGL device platform: …)",
    ///   "the CPU: no EGL display: …"); `report` receives later ones (standard error by default).
    /// - Throws: `GLError` for `.gpu` where no EGL context can be made (no libEGL, no display,
    ///   `QUARTZCORE_GL=0`).
    @discardableResult
    public func useBackend(_ choice: CACompositingBackend, report: (@Sendable (String) -> Void)? = nil) throws(GLError) -> String {
        try BackendChoice.install(choice, report) { backend = $0 }
    }
}

extension CARenderer {
    /// Chooses who composites the frames `render()` draws into a bitmap context, as
    /// `CAOffscreenRenderer.useBackend(_:report:)` does (our addition).
    @discardableResult
    public func useBackend(_ choice: CACompositingBackend, report: (@Sendable (String) -> Void)? = nil) throws(GLError) -> String {
        try BackendChoice.install(choice, report) { backend = $0 }
    }
}

extension BackendChoice {
    /// Makes the backend for `choice` and hands it to `put`; the sentence saying who draws.
    static func install(_ choice: CACompositingBackend, _ report: (@Sendable (String) -> Void)?,
                        _ put: (any RenderBackend) -> Void) throws(GLError) -> String {
        let (backend, description) = try make(choice, report: report ?? standardError)
        put(backend)
        return description
    }
}
