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
/// The host clock is only seen inside `host.withClock { … }`: read `presentation()` or add
/// animations there, or they use the system clock (`CACurrentMediaTime()` outside a host).
public final class CAOffscreenRenderer {
    public let host: CALayerHost
    /// Host size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    public let isFlipped: Bool
    let tree: RenderTree
    let textures = TextureCache()
    let compositor = CPUCompositor()
    /// Whether frames repaint only what changed since the previous frame (damage tracking; on by
    /// default). Frames are the same either way; off, every frame is drawn in full.
    public var isDamageTrackingEnabled = true
    /// The most work one frame may take, in pixel touches (`FrameWork.estimate`: pixels cleared,
    /// covered, and blurred six times over); a frame over it is not drawn and `image(at:)`
    /// returns nil. nil (the default) for no limit. Our addition (see docs/SECURITY.md).
    public var maximumFrameWork: Int?
    /// The estimated work of the last frame asked for, drawn or refused.
    public private(set) var lastFrameWork = 0

    /// The previous frame, its passes and its pixels (for damage tracking).
    private var previous: (passes: [RenderPass], buffer: PixelBuffer)?
    /// The damaged rectangle of the last frame (device pixels; `.null` when nothing changed).
    package private(set) var lastDamage = CGRect.null

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
        tree = RenderTree(root: rootLayer)
    }

    public var rootLayer: CALayer { host.rootLayer }

    /// The frame at absolute host time `time` (see the type's note), as a premultiplied
    /// ARGB32 image (`premultipliedFirst`, 32-bit little-endian) of size × scale pixels; nil
    /// only if the frame could not be allocated.
    public func image(at time: CFTimeInterval) -> CGImage? {
        frame(at: time)?.makeCGImage()
    }

    /// The frame at `time` as a pixel buffer (tests and benchmarks read it directly).
    package func frame(at time: CFTimeInterval) -> PixelBuffer? {
        host.update(to: time)
        let redrawn = host.withClock { animatedBackingStores() }
        let passes = makePasses(at: host.clock.now, replacing: redrawn)
        lastFrameWork = FrameWork.estimate(passes)
        if let limit = maximumFrameWork, lastFrameWork > limit { return nil }
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        let bounds = CGRect(x: 0, y: 0, width: w, height: h)
        if isDamageTrackingEnabled, previous?.buffer.width == w, previous?.buffer.height == h {
            // Take the previous frame out of `previous` first, so the buffer is uniquely
            // referenced and drawn in place (a second reference made every frame copy 8 MB at
            // 1080p before its damage was even cleared).
            let oldPasses: [RenderPass]
            var buffer: PixelBuffer
            (oldPasses, buffer) = previous!
            previous = nil
            let damage = Damage.region(old: oldPasses, new: passes, bounds: bounds)
            lastDamage = damage
            if !damage.isNull {
                buffer.clear(damage)
                do { try compositor.draw(Damage.restrict(passes, to: damage), into: &buffer) } catch { return nil }
            }
            previous = (passes, buffer)
            return buffer
        }
        guard var buffer = PixelBuffer(width: w, height: h) else { return nil }
        do { try compositor.draw(passes, into: &buffer) } catch { return nil }
        lastDamage = bounds
        previous = isDamageTrackingEnabled ? (passes, buffer) : nil
        return buffer
    }

    /// The render passes of the frame at `time` (no commit; for tests and other backends).
    package func makePasses(at time: CFTimeInterval) -> [RenderPass] { makePasses(at: time, replacing: [:]) }

    func makePasses(at time: CFTimeInterval, replacing stores: [UInt64: BackingStore]) -> [RenderPass] {
        textures.beginFrame()
        var layers = tree.current()
        for (id, store) in stores { layers[id] = layers[id]?.replacingBackingStore(store) }
        var builder = FrameBuilder(layers: layers, textures: textures)
        builder.transitionSources = tree.transitionSources()
        return builder.frame(root: rootLayer.layerID, time: time, viewport: size, scale: scale, flipped: isFlipped)
    }

    /// Backing stores redrawn for this frame from presentation copies: layers whose animated keys
    /// are named by `needsDisplay(forKey:)` draw with the animated values every frame (Apple:
    /// https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:)).
    private func animatedBackingStores() -> [UInt64: BackingStore] {
        var out: [UInt64: BackingStore] = [:]
        func visit(_ l: CALayer) {
            guard let c = l.committed else { return }
            if l.needsDisplayDuringAnimation, let p = l.presentation() {
                p.delegate = l.delegate
                p.drawBackingStore()
                if let store = p.backingStore { out[l.layerID] = store }
            }
            c.sublayers.forEach(visit)
            c.mask.map(visit)
        }
        visit(rootLayer)
        return out
    }
}
