import Foundation

/// Renders a layer tree into a bitmap context frame by frame, shaped like Apple's `CARenderer`
/// (https://developer.apple.com/documentation/quartzcore/carenderer), which on Apple targets a
/// Metal texture; here the target is a `CGContext` bitmap.
///
/// The layer is drawn by its own geometry in a y-up space (macOS's) whose origin is the
/// bottom-left of the viewport; `bounds.size` is the viewport (points = context pixels) and
/// `bounds.origin` where it is drawn in the context. Between
/// `beginFrame(atTime:timeStamp:)` and `endFrame()`, `render()` draws the committed tree with
/// animations evaluated at the frame's time. Commit (`CATransaction.flush()`) before a frame,
/// as with Apple's.
public final class CARenderer {
    /// The root layer rendered; setting it starts a new render tree.
    public var layer: CALayer? {
        didSet {
            tree = layer.map { RenderTree(root: $0) }; damage = bounds
            if let layer, layer.hostFrames == nil { layer.hostFrames = HostFrameRecord() }   // CALayer+HostPresence
        }
    }
    /// The visible rectangle, in the layer's superlayer space (points = context pixels).
    public var bounds: CGRect = .zero { didSet { damage = bounds } }
    private let context: CGContext
    private var tree: RenderTree?
    private var frameTime: CFTimeInterval?
    private var damage = CGRect.null
    private var lastSnapshots: [UInt64: LayerSnapshot] = [:]
    private let textures = TextureCache()

    /// A renderer that draws into `context` (a bitmap context). `options` are accepted for
    /// source compatibility and ignored.
    public init(cgContext context: CGContext, options: [AnyHashable: Any]? = nil) {
        self.context = context
        bounds = CGRect(x: 0, y: 0, width: context.width, height: context.height)
    }

    /// Starts a frame at media time `t`; `timeStamp` is ignored.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        frameTime = t
        if let tree {
            let now = tree.current()
            if !now.keys.elementsEqual(lastSnapshots.keys) || now.contains(where: { lastSnapshots[$0.key] !== $0.value })
                || now.values.contains(where: { !$0.animations.isEmpty }) {
                damage = bounds
            }
            lastSnapshots = now
        }
    }

    /// The rectangle that changed since the last frame (`.null` when nothing did): the whole
    /// bounds when any layer changed or animates, plus what `addUpdate(_:)` added.
    public func updateBounds() -> CGRect { damage }

    /// Marks `r` as needing redraw in this frame.
    public func addUpdate(_ r: CGRect) { damage = damage.union(r) }

    /// Draws the frame into the context, over the bounds.
    public func render() {
        guard let t = frameTime, let layer, let tree, bounds.width >= 1, bounds.height >= 1 else { return }
        textures.beginFrame()
        var builder = FrameBuilder(layers: tree.current(), textures: textures)
        builder.transitionSources = tree.transitionSources()
        let passes = builder.frame(root: layer.layerID, time: t, viewport: bounds.size, scale: 1, flipped: false)
        guard var buffer = PixelBuffer(width: Int(bounds.width.rounded(.up)), height: Int(bounds.height.rounded(.up))),
              (try? CPUCompositor().draw(passes, into: &buffer)) != nil,
              let image = buffer.makeCGImage() else { return }
        context.draw(image, in: CGRect(origin: bounds.origin, size: CGSize(width: buffer.width, height: buffer.height)))
        layer.hostFrames?.noteFrame()
    }

    /// The next time something on screen changes: now while any animation runs, else
    /// `.infinity` (Apple's "no update needed").
    public func nextFrameTime() -> CFTimeInterval {
        guard let tree, let t = frameTime else { return .infinity }
        return tree.current().values.contains(where: { !$0.animations.isEmpty }) ? t : .infinity
    }

    /// Ends the frame; the damage is cleared.
    public func endFrame() { frameTime = nil; damage = .null }
}

/// Core Video's time stamp, accepted (and ignored) by `CARenderer.beginFrame(atTime:timeStamp:)`.
public struct CVTimeStamp: Sendable {
    public init() {}
}
