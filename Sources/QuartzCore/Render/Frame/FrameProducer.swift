import CoreGraphics
import Foundation

/// One host's frames: the single place where a render tree becomes pixels (or drawing calls).
///
/// A producer owns what frames share over time — the render tree it reads, the texture and
/// raster caches, the previous frame for damage — and does, for every host (offscreen renderer,
/// render loop, `CARenderer`, `render(in:)`, PDF output), the same steps: redraw the backing
/// stores of layers whose animated keys need display, build the passes (`FrameBuilder`), find
/// the damage against the previous frame (`Damage`, the one damage policy), and hand the
/// passes to a backend (`RenderBackend`). Use one producer from one thread at a time.
final class FrameProducer {
    let tree: RenderTree
    let textures: TextureCache
    /// Quads of static subtrees kept from frame to frame (FrameBuilder+Reuse).
    let subtrees = SubtreeCache()
    /// Whether frames reuse those quads (on by default; the passes are the same either way).
    var reusesSubtrees = true
    /// The running animations, ticked once per frame (FrameAnimations).
    let animations = FrameAnimations()
    /// Whether frames take animated states from `animations` (on by default; the passes are
    /// the same either way).
    var usesTicker = true
    /// Draws bitmap frames (the CPU compositor unless replaced).
    var backend: any RenderBackend
    /// Whether frames repaint only what changed since the previous frame; off, every frame is
    /// drawn in full. Frames are the same either way.
    var isDamageTrackingEnabled = true
    /// Whether quads hidden under opaque quads are left out of what the backend draws
    /// (`Occlusion`; on by default; the pixels are the same either way).
    var cullsOccluded = true
    /// The host whose live layers redraw their backing stores from presentation copies every
    /// frame (`needsDisplay(forKey:)` of an animated key), on its clock; nil where the producer
    /// may not touch the model (a render thread, `render(in:)`'s model frame).
    let redrawingHost: CALayerHost?
    /// Whether a full repaint draws into the memory of the last frame handed out (once the
    /// caller has let go of it) instead of a fresh zeroed buffer (on by default; the pixels are
    /// the same either way).
    var reusesFrameBuffers = true
    /// The previous frame, its passes and its pixels (for damage tracking).
    private var previous: (passes: [RenderPass], buffer: PixelBuffer)?
    /// The last frame drawn in full without damage tracking, kept for its memory: a full
    /// repaint into a fresh buffer zeroes the whole frame (11.8 MB at 1170×2532) and takes a
    /// page fault per page first touched, while this one only needs clearing where no opaque
    /// quad covers it. Frames handed out never change: a `PixelBuffer` is a value whose words
    /// are copied before a write while another copy is alive, and this memory is drawn again
    /// only when the producer's copy is the only one left (`PixelBuffer.isOnlyCopy`), so reuse
    /// never costs a copy; a frame the caller still holds means a fresh buffer.
    private var spare: PixelBuffer?
    /// How many full repaints drew into a kept buffer instead of a fresh one.
    private(set) var reusedFrameCount = 0
    /// The damaged rectangle of the last frame (target pixels; `.null` when nothing changed).
    private(set) var lastDamage = CGRect.null
    /// When the last two frames took their snapshots (`FrameBuilder.frameSerials`).
    private var frameSerials = FrameSerials()
    /// The passes last handed to a target the caller keeps (`keptTargetFrame`), and its size.
    private var kept: (passes: [RenderPass], width: Int, height: Int)?

    init(tree: RenderTree, textures: TextureCache = TextureCache(), backend: any RenderBackend = CPUCompositor(),
         redrawingHost: CALayerHost? = nil) {
        self.tree = tree; self.textures = textures; self.backend = backend; self.redrawingHost = redrawingHost
    }

    /// A frame's passes and the part of its target that must be drawn again.
    struct Frame {
        let passes: [RenderPass]
        let width: Int, height: Int
        /// Target pixels to redraw over the kept previous frame; nil: the whole frame, fresh.
        let damage: CGRect?
    }

    /// The passes of the frame at media time `time` (no commit, no damage).
    func passes(at time: CFTimeInterval, geometry: FrameGeometry) -> [RenderPass] {
        textures.beginFrame()
        subtrees.beginFrame()
        // Read before the snapshots are taken: one made meanwhile counts as made after.
        let serial = LayerSnapshot.latestSerial
        var (layers, generation) = tree.currentWithGeneration()
        // Only animated (so never reused) layers are replaced: the generation still holds for the rest.
        for (id, store) in animatedBackingStores() { layers[id] = layers[id]?.replacingBackingStore(store) }
        var builder = FrameBuilder(layers: layers, textures: textures)
        builder.transitionSources = tree.transitionSources()
        builder.subtreeCache = reusesSubtrees ? subtrees : nil
        builder.layersGeneration = generation
        builder.frameSerials = frameSerials
        frameSerials = frameSerials.advanced(to: serial)
        if usesTicker {
            animations.tick(tree: tree, layers: layers, root: tree.rootID, generation: generation, at: time)
            builder.animations = animations
        }
        return builder.frame(root: tree.rootID, time: time, geometry: geometry)
    }

    /// Builds the frame at `time` and finds its damage against the previous one.
    func prepare(at time: CFTimeInterval, geometry: FrameGeometry) -> Frame {
        let passes = passes(at: time, geometry: geometry)
        let (w, h) = geometry.pixelSize
        guard isDamageTrackingEnabled, let old = previous, old.buffer.width == w, old.buffer.height == h else {
            return Frame(passes: passes, width: w, height: h, damage: nil)
        }
        let damage = Damage.region(old: old.passes, new: passes, bounds: CGRect(x: 0, y: 0, width: w, height: h))
        return Frame(passes: passes, width: w, height: h, damage: damage)
    }

    /// Draws `frame` with the backend: only its damage over the previous frame's pixels when it
    /// has one, else in full. nil when the target cannot be allocated or drawn.
    func draw(_ frame: Frame) -> PixelBuffer? {
        // The previous frame is moved out of `previous` (`take()`), so the buffer is uniquely
        // referenced and drawn in place: a second reference (a `let` of the tuple) copied the
        // whole frame on the first write, 11.8 MB a frame at 1170×2532.
        if let damage = frame.damage, var buffer = previous.take()?.buffer {
            lastDamage = damage
            if !damage.isNull {
                let (passes, clear) = culled(Damage.restrict(frame.passes, to: damage), clearing: damage)
                if let clear { buffer.clear(clear) }
                do { try backend.draw(passes, into: &buffer) } catch { return nil }
            }
            previous = (frame.passes, buffer)
            return buffer
        }
        let whole = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
        // The spare (or the damage-tracked frame, when tracking was just turned off) is kept only
        // when it is the size wanted and no copy handed out is alive.
        if spare == nil { spare = previous.take()?.buffer }
        previous = nil
        if !(reusesFrameBuffers && spare?.width == frame.width && spare?.height == frame.height
             && spare?.isOnlyCopy() == true) { spare = nil }
        let reused = spare != nil
        if reused { reusedFrameCount += 1 }
        // Moved out, so `buffer` is the memory's one reference: drawn in place, never copied.
        guard var buffer = spare.take() ?? PixelBuffer(width: frame.width, height: frame.height) else { return nil }
        // A fresh buffer is already transparent; a reused one is cleared where nothing opaque covers.
        let (passes, clear) = culled(frame.passes, clearing: reused ? whole : nil)
        if let clear { buffer.clear(clear) }
        do { try backend.draw(passes, into: &buffer) } catch { return nil }
        lastDamage = whole
        previous = isDamageTrackingEnabled ? (frame.passes, buffer) : nil
        if !isDamageTrackingEnabled, reusesFrameBuffers { spare = buffer }
        return buffer
    }

    /// The frame at `time` for a target that keeps its own pixels between frames (a window's GPU
    /// surface, `FramePresenter.compositesPasses`): the passes restricted to the damage against
    /// the last frame handed over this way, and what of the target to clear first. The same
    /// damage policy as `draw(_:)`, without a `PixelBuffer`. `forgetKeptTarget()` after the
    /// target lost its pixels (a new surface), so the next frame is whole.
    func keptTargetFrame(at time: CFTimeInterval, geometry: FrameGeometry) -> KeptTargetFrame {
        let passes = passes(at: time, geometry: geometry)
        let (w, h) = geometry.pixelSize
        let whole = CGRect(x: 0, y: 0, width: w, height: h)
        defer { kept = (passes, w, h) }
        if isDamageTrackingEnabled, let old = kept, old.width == w, old.height == h {
            let damage = Damage.region(old: old.passes, new: passes, bounds: whole)
            lastDamage = damage
            guard !damage.isNull else { return KeptTargetFrame(passes: [], width: w, height: h, damage: .null, clear: nil) }
            let (restricted, clear) = culled(Damage.restrict(passes, to: damage), clearing: damage)
            return KeptTargetFrame(passes: restricted, width: w, height: h, damage: damage, clear: clear)
        }
        lastDamage = whole
        let (all, clear) = culled(passes, clearing: whole)
        return KeptTargetFrame(passes: all, width: w, height: h, damage: nil, clear: clear)
    }

    /// The kept target lost its pixels: the next `keptTargetFrame` is drawn whole.
    func forgetKeptTarget() { kept = nil }

    /// The previous frame's pixels are no longer wanted: the next `prepare` is drawn whole.
    func forgetPrevious() { previous = nil }

    /// `passes` less what opaque quads hide, and what of `clearing` still needs clearing.
    private func culled(_ passes: [RenderPass], clearing: CGRect?) -> (passes: [RenderPass], clear: CGRect?) {
        cullsOccluded ? Occlusion.cull(passes, clearing: clearing) : (passes, clearing)
    }

    /// The frame at `time` as pixels (damage-tracked).
    func frame(at time: CFTimeInterval, geometry: FrameGeometry) -> PixelBuffer? {
        draw(prepare(at: time, geometry: geometry))
    }

    /// The frame at `time` as drawing calls into `context`, whose current user space is the
    /// geometry's (`FrameGeometry.pixelsToUserSpace`), through a `VectorBackend`.
    func drawVector(at time: CFTimeInterval, geometry: FrameGeometry, in context: CGContext,
                    redraws: [ObjectIdentifier: VectorRedraw] = [:]) {
        let passes = passes(at: time, geometry: geometry)
        let vector = VectorBackend()
        vector.redraws = redraws
        try? vector.draw(passes, in: context, pixelsToUserSpace: geometry.pixelsToUserSpace)
    }

    /// Backing stores redrawn for this frame from presentation copies: layers whose animated
    /// keys are named by `needsDisplay(forKey:)` draw with the animated values every frame
    /// (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:)).
    /// Only layers with animations are asked (the render tree keeps them).
    private func animatedBackingStores() -> [UInt64: BackingStore] {
        guard let host = redrawingHost else { return [:] }
        let candidates = tree.animatedLayers()
        guard !candidates.isEmpty else { return [:] }
        var out: [UInt64: BackingStore] = [:]
        host.withClock {
            for l in candidates where l.needsDisplayDuringAnimation {
                guard let p = l.presentation() else { continue }
                p.delegate = l.delegate
                p.drawBackingStore()
                if let store = p.backingStore { out[l.layerID] = store }
            }
        }
        return out
    }
}
