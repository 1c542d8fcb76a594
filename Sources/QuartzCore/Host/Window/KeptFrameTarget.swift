import CoreGraphics

/// Where a `CARenderer` draws when its target is an app's GPU framebuffer rather than a bitmap
/// context (QuartzCoreGL's `CARenderer.makeForCurrentGLContext`): the target keeps the frame
/// between frames and composites only the damage into it.
package protocol KeptFrameTarget: AnyObject {
    /// Draws `frame` over the frame kept from the last one, then copies the whole frame into the
    /// app's current framebuffer at `viewport` (its pixels, origin bottom-left, source-over).
    func draw(_ frame: KeptTargetFrame, into viewport: CGRect) throws
}
