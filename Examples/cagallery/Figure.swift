import CoreGraphics
import QuartzCore

/// One figure of the gallery: a layer tree built the way the Core Animation Programming Guide
/// describes it, rendered at one or more times into a single PNG (several times make a strip,
/// left to right).
struct Figure {
    /// File name without extension.
    let name: String
    /// What the picture shows (printed, and used as the caption strip's text).
    let caption: String
    /// Host size in points (one panel).
    let size: CGSize
    /// Host times in seconds at which panels are rendered (one panel per time).
    var times: [CFTimeInterval] = [0]
    /// Builds the tree; the returned root is hosted unscaled at `size`.
    let build: () -> CALayer
    /// Runs once after the first commit, inside the host clock at time 0 (animations, model
    /// changes that trigger implicit actions).
    var afterFirstCommit: ((CALayer) -> Void)? = nil
}

extension Figure {
    /// Renders every panel and lays them out side by side with `gap` points between them, on
    /// a white sheet, at `scale` pixels per point. Nil when a frame cannot be made.
    func render(scale: CGFloat) -> CGImage? {
        let root = build()
        guard let renderer = CAOffscreenRenderer(rootLayer: root, size: size, scale: scale) else { return nil }
        var panels: [CGImage] = []
        for (i, t) in times.enumerated() {
            if i == 0, let afterFirstCommit {
                guard let first = renderer.image(at: t) else { return nil }
                renderer.host.withClock { afterFirstCommit(root) }
                if times.count > 1 { panels.append(first); continue }
                guard let changed = renderer.image(at: t) else { return nil }
                panels.append(changed)
                continue
            }
            guard let frame = renderer.image(at: t) else { return nil }
            panels.append(frame)
        }
        return Sheet.compose(panels, panelSize: size, scale: scale, labels: times.count > 1 ? times : nil)
    }
}
