import QuartzCore

/// A backend that draws with `primary` (the GPU) and, when a frame fails there for a reason
/// other than a malformed pass list (a lost context that could not be made again, a pass larger
/// than the GPU's textures), draws that frame with `fallback` (the CPU) instead and says so
/// once through `report`. Malformed pass lists throw, as from any backend.
package final class FallbackBackend: RenderBackend, @unchecked Sendable {
    package let primary: any RenderBackend
    package let fallback: any RenderBackend
    private let report: @Sendable (String) -> Void
    private var reported = false
    /// Frames drawn by the fallback so far.
    package private(set) var fallbackFrames = 0

    package init(primary: any RenderBackend, fallback: any RenderBackend = CPUCompositor(),
                 report: @escaping @Sendable (String) -> Void) {
        self.primary = primary; self.fallback = fallback; self.report = report
    }

    package var name: String { primary.name }

    package func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws {
        do {
            // The GPU backend writes the target only at its last step, so a failure leaves it as it was.
            try primary.draw(passes, into: &target)
        } catch let error as CompositorError where error.passID == nil {
            throw error
        } catch {
            if !reported {
                report("the \(primary.name) backend failed (\(error)); drawing on the \(fallback.name) instead")
                reported = true
            }
            fallbackFrames += 1
            try fallback.draw(passes, into: &target)
        }
    }
}

extension CompositorError {
    /// The pass a `passTooLarge` names.
    var passID: RenderPassID? {
        if case .passTooLarge(let id) = self { return id }
        return nil
    }
}
