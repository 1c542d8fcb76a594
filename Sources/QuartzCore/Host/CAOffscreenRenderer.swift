import Foundation

/// Renders a layer tree to images at chosen times, on the CPU: the offscreen host (our
/// addition; Apple's hosts are windows and the render server).
///
/// The host is `size` points at `scale` pixels per point. It is flipped (origin top-left, y
/// down, iOS-style) by default; pass `flipped: false` for a y-up host (macOS-style, as CAML
/// scenes need). The root layer is placed by its own geometry in host space.
///
/// `image(at:)` never renders stale state: it first commits pending changes, advances the host
/// clock, delivers animation events (delegates, removal on completion), commits again, then
/// builds the frame from the render tree with every animation evaluated at `time` — by the same
/// function `presentation()` uses. Use it from one thread (the main thread for Apple's delegate
/// threading); times are absolute media times on the host's own clock: a time earlier than the
/// clock's current time (or not finite) renders at the current time, since the clock never runs
/// backwards.
///
/// The host clock is the clock of the whole tree: animations added to its layers begin, and
/// `presentation()` evaluates, on it wherever the commit happens (inside `host.withClock { … }`,
/// a main-queue turn, a timer, another thread). `CACurrentMediaTime()` itself reads it only
/// inside `host.withClock { … }` (and in delegates, completion blocks and display-link closures
/// the host runs); elsewhere it reads the system clock.
public final class CAOffscreenRenderer {
    public let host: CALayerHost
    /// Host size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    public let isFlipped: Bool
    /// The host's frames: render tree, caches, damage, backend (Render/Frame/FrameProducer).
    let producer: FrameProducer
    var tree: RenderTree { producer.tree }
    var textures: TextureCache { producer.textures }
    /// Whether frames repaint only what changed since the previous frame (damage tracking; on by
    /// default). Frames are the same either way; off, every frame is drawn in full.
    public var isDamageTrackingEnabled: Bool {
        get { producer.isDamageTrackingEnabled }
        set { producer.isDamageTrackingEnabled = newValue }
    }
    /// The most work one frame may take, in pixel touches (`FrameWork.estimate`: pixels cleared,
    /// covered, and blurred six times over); a frame over it is not drawn and `image(at:)`
    /// returns nil. nil (the default) for no limit. Our addition (see docs/SECURITY.md).
    public var maximumFrameWork: Int?
    /// The estimated work of the last frame asked for, drawn or refused.
    public private(set) var lastFrameWork = 0
    /// The damaged rectangle of the last frame (device pixels; `.null` when nothing changed).
    package var lastDamage: CGRect { producer.lastDamage }

    /// The largest frame side in pixels.
    public static let maximumPixelSide = 16384

    /// A renderer for `rootLayer`; nil when the pixel size is empty, not finite or over
    /// `maximumPixelSide`.
    public init?(rootLayer: CALayer, size: CGSize, scale: CGFloat = 1, flipped: Bool = true,
                 startTime: CFTimeInterval = 0) {
        let w = size.width * scale, h = size.height * scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, scale > 0,
              w <= CGFloat(Self.maximumPixelSide), h <= CGFloat(Self.maximumPixelSide) else { return nil }
        self.size = size; self.scale = scale; self.isFlipped = flipped
        rootLayer.hostIsFlipped = flipped
        host = CALayerHost(rootLayer: rootLayer, startTime: startTime)
        host.withClock { CATransaction.flush() }
        let tree = RenderTree(root: rootLayer)
        producer = FrameProducer(tree: tree, redrawingHost: host)
        host.animatedLayers = { [weak tree] in tree?.animatedLayers() }
    }

    public var rootLayer: CALayer { host.rootLayer }

    /// The host's framing of the root.
    var geometry: FrameGeometry { .host(viewport: size, scale: scale, flipped: isFlipped) }

    /// The frame at absolute host time `time` (see the type's note), as a premultiplied
    /// ARGB32 image (`premultipliedFirst`, 32-bit little-endian) of size × scale pixels; nil
    /// only if the frame could not be allocated.
    public func image(at time: CFTimeInterval) -> CGImage? {
        frame(at: time)?.makeCGImage()
    }

    /// The frame at `time` as a pixel buffer (tests and benchmarks read it directly).
    package func frame(at time: CFTimeInterval) -> PixelBuffer? {
        host.update(to: time)
        let frame = producer.prepare(at: host.clock.now, geometry: geometry)
        // The work budget is checked on the whole frame's passes, before any pixel is drawn.
        lastFrameWork = FrameWork.estimate(frame.passes)
        if let limit = maximumFrameWork, lastFrameWork > limit { return nil }
        return producer.draw(frame)
    }

    /// The render passes of the frame at `time` (no commit; for tests and other backends).
    package func makePasses(at time: CFTimeInterval) -> [RenderPass] {
        producer.passes(at: time, geometry: geometry)
    }
}
