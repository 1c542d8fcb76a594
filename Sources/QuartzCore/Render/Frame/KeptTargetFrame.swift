import CoreGraphics

/// One frame for a target that keeps its pixels between frames (a window's GPU surface):
/// what `FrameProducer.keptTargetFrame` hands over. Pixels are target pixels, origin top-left.
package struct KeptTargetFrame {
    /// The passes to draw (the root last), already restricted to `damage`; empty when nothing
    /// changed.
    package let passes: [RenderPass]
    package let width: Int, height: Int
    /// The part of the kept pixels that changes: nil for the whole frame (the target's old
    /// pixels are of no use), `.null` for none.
    package let damage: CGRect?
    /// What to clear to transparent before drawing (the part no opaque quad covers); nil: none.
    package let clear: CGRect?

    /// Whether the frame changes nothing on screen.
    package var isUnchanged: Bool { damage?.isNull == true }
}
