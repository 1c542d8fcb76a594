import CoreGraphics

/// Names a render pass within one frame.
package struct RenderPassID: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt64
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    package var description: String { "pass \(rawValue)" }
}

/// A list of quads drawn, back to front, into one buffer (Chromium viz's `CompositorRenderPass`).
///
/// A frame is an array of passes whose **last element is the root**: it is drawn into the
/// compositor's target. Every other pass is drawn into a buffer of its own, sized to its
/// `outputRect`, and used by quads of later passes (`renderPassOutput`, `maskedPassOutput`);
/// an effect that needs a buffer (group opacity, a mask, later shadows and filters) gets one.
/// Passes nobody reaches from the root are not drawn.
package struct RenderPass: Sendable {
    package var id: RenderPassID
    /// The part of the pass's space, in device pixels, that is drawn and kept: keep it to the
    /// visible rect. Rounded out to whole pixels. Buffer pixel (i, j) covers the pass's
    /// [minX + i, minX + i + 1) × [minY + j, minY + j + 1). For the root pass, buffer pixel
    /// (i, j) is the target's pixel (i, j) (so a root pass normally starts at 0, 0).
    package var outputRect: CGRect
    /// Back to front; runs reused from an earlier frame are held by reference (`QuadList`).
    package var quads: QuadList
    /// Applied to the pass's pixels once its quads are drawn (before other passes read it).
    package var effect: PassEffect?
    /// When set, the backend hands the pass's finished output to it (a cached rasterization).
    package var capture: PassCapture?

    package init(id: RenderPassID, outputRect: CGRect, quads: QuadList, effect: PassEffect? = nil) {
        self.id = id; self.outputRect = outputRect; self.quads = quads; self.effect = effect
    }

    package init(id: RenderPassID, outputRect: CGRect, quads: [DrawQuad] = [], effect: PassEffect? = nil) {
        self.init(id: id, outputRect: outputRect, quads: QuadList(quads), effect: effect)
    }

    /// A pass covering (0, 0, width, height).
    package init(id: RenderPassID, width: Int, height: Int, quads: [DrawQuad] = []) {
        self.init(id: id, outputRect: CGRect(x: 0, y: 0, width: width, height: height), quads: QuadList(quads))
    }
}

/// A filter applied to a whole pass after it is drawn.
package enum PassEffect: Sendable, Equatable {
    /// Replaces the pixels by a shadow of them: their alpha blurred by a Gaussian of standard
    /// deviation `sigma` pixels (three box blurs), multiplied into `color` (premultiplied).
    case shadow(color: PremultipliedColor, sigma: Double)
    /// A layer's `filters`, applied in order to the pass's premultiplied pixels.
    case filters([PassFilter])
}
