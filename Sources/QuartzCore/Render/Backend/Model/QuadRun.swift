import CoreGraphics

/// Quads of an earlier frame kept whole and shared by reference: a static subtree or a run of
/// static siblings (the builder's `SubtreeCache`). A frame that draws them again holds the run
/// itself in its pass (`QuadList.append(run:)`), so reusing 10,000 still quads copies none,
/// and damage finds the same run at the same place in two frames by identity (`===`), with no
/// quad compared. Immutable.
///
/// Each quad's box in its pass is found once, here, so restricting a frame to its damage and
/// estimating its work read the boxes instead of mapping every quad's corners every frame.
package final class QuadRun: Sendable {
    package let quads: [DrawQuad]
    /// `quads[i]`'s box in its pass (transform applied, clip intersected); nil when unbounded.
    package let boxes: [CGRect?]
    /// The union of `boxes`; nil when one of them is unbounded.
    package let bounds: CGRect?

    package init(_ quads: [DrawQuad]) {
        self.quads = quads
        var boxes: [CGRect?] = []
        boxes.reserveCapacity(quads.count)
        var bounds: CGRect? = CGRect.null
        for q in quads {
            let b = q.boxInPass
            boxes.append(b)
            if let b, let u = bounds { bounds = u.union(b) } else { bounds = nil }
        }
        self.boxes = boxes; self.bounds = bounds
    }
}

extension DrawQuad {
    /// The quad's box in its pass (transform applied, clip intersected); nil when unbounded (a
    /// corner behind the eye, or not finite).
    package var boxInPass: CGRect? {
        guard let b = state.transform.boundingBox(of: rect) else { return nil }
        return state.clip.map { b.intersection($0) } ?? b
    }
}
