import CoreGraphics

/// What every backend does: draws one frame's render passes (`[RenderPass]`, the root last)
/// over the current contents of a target. Layers are not involved — the builder has turned them
/// into passes of quads — so backends can be compared pixel for pixel (the conformance suite,
/// `Tests/QuartzCoreTests/Render/Backend/BackendConformanceTests.swift`, runs every one).
///
/// The common target is a `PixelBuffer` (premultiplied ARGB32, row 0 at the top, root pass
/// pixel (i, j) at buffer pixel (i, j)). A backend may have targets of its own besides
/// (`VectorBackend` draws into any `CGContext`). Damage is decided before a backend sees the
/// passes (`Damage.restrict`, by `FrameProducer`), so a backend draws exactly what it is given.
package protocol RenderBackend: AnyObject {
    /// A short name for diagnostics and test output ("cpu", "vector").
    var name: String { get }
    /// Draws `passes` over the current contents of `target` (clear it first for a new frame).
    func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws
}
