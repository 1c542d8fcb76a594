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
            producer = layer.map { FrameProducer(tree: RenderTree(root: $0), backend: backend) }; damage = bounds
            if let layer, layer.hostFrames == nil { layer.hostFrames = HostFrameRecord() }   // CALayer+HostPresence
        }
    }
    /// Who composites the frames (the CPU compositor unless `useBackend(_:)` in QuartzCoreGL
    /// puts the GPU here); kept across a change of `layer`.
    package var backend: any RenderBackend = CPUCompositor() {
        didSet { producer?.backend = backend }
    }
    /// The visible rectangle, in the layer's superlayer space (points = context pixels).
    public var bounds: CGRect = .zero { didSet { damage = bounds } }
    /// The bitmap context drawn into, or (QuartzCoreGL) the app's GL framebuffer.
    private let context: CGContext?
    private let glTarget: (any KeptFrameTarget)?
    /// The frames (Render/Frame/FrameProducer): render tree, caches, damage.
    private var producer: FrameProducer?
    private var frame: FrameProducer.Frame?
    /// The frame for a GL target (its passes restricted to the damage since the last one).
    private var keptFrame: KeptTargetFrame?
    private var frameTime: CFTimeInterval?
    /// The time of the last frame begun, kept after `endFrame()` for `nextFrameTime()`.
    private var lastFrameTime: CFTimeInterval?
    private var damage = CGRect.null

    /// A renderer that draws into `context` (a bitmap context). `options` are accepted for
    /// source compatibility and ignored.
    public init(cgContext context: CGContext, options: [AnyHashable: Any]? = nil) {
        self.context = context
        glTarget = nil
        bounds = CGRect(x: 0, y: 0, width: context.width, height: context.height)
    }

    /// A renderer drawing into `target` (an app's GL framebuffer); `bounds` is the viewport in
    /// that framebuffer's pixels, origin bottom-left (zero until the app sets it).
    package init(target: any KeptFrameTarget) {
        context = nil
        glTarget = target
    }

    /// Where a failed GL frame's error goes (once), since `render()` cannot throw.
    private var reportedFailure = false

    /// Starts a frame at media time `t` (its passes are built and compared with the last
    /// frame's); `timeStamp` is ignored.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        frameTime = t
        lastFrameTime = t
        guard let producer, bounds.width >= 1, bounds.height >= 1 else { frame = nil; keptFrame = nil; return }
        let geometry = FrameGeometry.host(viewport: bounds.size, scale: 1, flipped: false)
        let changed: CGRect?, height: Int
        if glTarget != nil {
            let k = producer.keptTargetFrame(at: t, geometry: geometry)
            keptFrame = k
            (changed, height) = (k.damage, k.height)
        } else {
            let f = producer.prepare(at: t, geometry: geometry)
            frame = f
            (changed, height) = (f.damage, f.height)
        }
        // Target pixels (y down) → the target's y-up space at bounds.origin (nil: all of it).
        let d = changed ?? CGRect(x: 0, y: 0, width: bounds.width, height: CGFloat(height))
        if !d.isNull {
            damage = damage.union(CGRect(x: bounds.minX + d.minX, y: bounds.minY + CGFloat(height) - d.maxY,
                                         width: d.width, height: d.height))
        }
    }

    /// The rectangle that changed since the last frame (`.null` when nothing did): what the
    /// frame's passes changed (the render side's damage), plus what `addUpdate(_:)` added.
    public func updateBounds() -> CGRect { damage }

    /// Marks `r` as needing redraw in this frame.
    public func addUpdate(_ r: CGRect) { damage = damage.union(r) }

    /// Draws the update region of the frame into the context: inside `updateBounds()` the
    /// context's pixels become the frame's (copied, so translucent frames do not pile up).
    /// (https://developer.apple.com/documentation/quartzcore/carenderer/render())
    public func render() {
        if let glTarget, let keptFrame {
            // The app's framebuffer holds none of our pixels: the whole frame is copied each time.
            do { try glTarget.draw(keptFrame, into: bounds) } catch {
                if !reportedFailure {
                    reportedFailure = true
                    CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: nil, "CARenderer could not draw into the GL context: \(error)"))
                }
            }
            self.keptFrame = KeptTargetFrame(passes: [], width: keptFrame.width, height: keptFrame.height, damage: .null, clear: nil)
            layer?.hostFrames?.noteFrame()
            return
        }
        guard let context, let frame, let producer, !damage.isNull, let buffer = producer.draw(frame),
              let image = buffer.makeCGImage() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: damage)
        context.setBlendMode(.copy)
        context.draw(image, in: CGRect(origin: bounds.origin, size: CGSize(width: buffer.width, height: buffer.height)))
        layer?.hostFrames?.noteFrame()
    }

    /// The next time something on screen changes: the last frame's time while any animation
    /// runs (draw again at the next display frame), else `.infinity` (Apple's "no update
    /// needed"); answers before and after `endFrame()`.
    public func nextFrameTime() -> CFTimeInterval {
        guard let producer, let t = frameTime ?? lastFrameTime else { return .infinity }
        return producer.tree.current().values.contains(where: { !$0.animations.isEmpty }) ? t : .infinity
    }

    /// Ends the frame; the damage is cleared.
    public func endFrame() { frameTime = nil; frame = nil; keptFrame = nil; damage = .null }
}

/// Core Video's time stamp, accepted (and ignored) by `CARenderer.beginFrame(atTime:timeStamp:)`.
public struct CVTimeStamp: Sendable {
    public init() {}
}
