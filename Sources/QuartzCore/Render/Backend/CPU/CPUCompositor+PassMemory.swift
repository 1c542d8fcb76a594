import Synchronization

/// Offscreen pass buffers held at once, bounded. A pass is drawn when the first quad that
/// reads it is reached and its buffer is freed once the last quad that reads it is drawn;
/// when making the next pass would take the buffers held over `passMemoryBudget`, the quads
/// gathered so far are drawn first, freeing the passes only they read. So a frame of 400
/// full-frame track mattes side by side (a Lottie file of 125 KB) holds a few dozen buffers,
/// not 800 (~4 GB at 1000×1000 px). Quads are still drawn in order, each exactly as one pass
/// over all of them draws it; only when the budget splits a pass do its quads go in more than
/// one batch (and, for the root, more than one banded draw).
///
/// What stays above the budget: the buffers of one quad's chain of enclosing passes (nesting
/// depth × buffer size) and, in the root, the masked outputs multiplied out for its bands
/// (at most the bytes of the outputs they read).
extension CPUCompositor {
    /// Default `passMemoryBudget`: 128 MiB, eight 2048×2048 buffers (about three full frames
    /// at 1170×2532 px).
    package static let defaultPassMemoryBudget = 128 << 20

    /// Bytes of offscreen pass buffers past which a pass's quads are drawn in batches.
    package var passMemoryBudget: Int {
        get { passMemory.withLock { $0.budget } }
        set { passMemory.withLock { $0.budget = max(0, newValue) } }
    }

    /// The most bytes of pass buffers held at once while drawing the last frame.
    package var lastFramePeakPassBytes: Int { passMemory.withLock { $0.lastPeak } }

    /// Draws the passes `root` reads (and theirs), then `root` into `target`, holding at most
    /// about `passMemoryBudget` bytes of pass buffers (see above). `passes` are checked first:
    /// every one reachable exists and none reads itself.
    func drawPasses(root: RenderPass, _ passes: [RenderPassID: RenderPass], into target: RasterTarget?) throws {
        var run = PassRun(passes: passes, budget: passMemoryBudget)
        for id in try Self.drawingOrder(root: root.id, passes: passes) {
            for quad in passes[id]!.quads { for dep in quad.passDependencies { run.readsLeft[dep, default: 0] += 1 } }
        }
        if let target {
            try drawInBatches(root.quads.array, into: target, banded: true, &run)
        } else {
            // Nothing of the root is visible: its passes are still drawn (their captures are kept).
            for quad in root.quads {
                for dep in quad.passDependencies where !run.drawn.contains(dep) { try drawPass(dep, &run) }
                for dep in quad.passDependencies { run.read(dep) }
            }
        }
        passMemory.withLock { $0.lastPeak = run.peakBytes }
    }

    /// `quads` into `target`, each after the passes it reads; a batch is drawn (and the passes
    /// only it read freed) before a pass that would go over the budget is made.
    private func drawInBatches(_ quads: [DrawQuad], into target: RasterTarget, banded: Bool, _ run: inout PassRun) throws {
        var start = 0
        for (i, quad) in quads.enumerated() {
            for dep in quad.passDependencies where !run.drawn.contains(dep) {
                if start < i, run.heldBytes + run.bytes(of: dep) > run.budget {
                    drawBatch(quads[start..<i], into: target, banded: banded, &run)
                    start = i
                }
                try drawPass(dep, &run)
            }
        }
        if start < quads.count { drawBatch(quads[start...], into: target, banded: banded, &run) }
    }

    private func drawBatch(_ quads: ArraySlice<DrawQuad>, into target: RasterTarget, banded: Bool, _ run: inout PassRun) {
        if banded { drawBanded(Array(quads), into: target, outputs: run.outputs) }
        else { drawQuads(Array(quads), into: target, outputs: run.outputs) }
        for quad in quads { for dep in quad.passDependencies { run.read(dep) } }
    }

    /// Draws pass `id` into a buffer of its own (with its effect and capture) and keeps it
    /// until its last reader is drawn.
    private func drawPass(_ id: RenderPassID, _ run: inout PassRun) throws {
        run.drawn.insert(id)
        let pass = run.passes[id]!
        guard let rect = PixelRect(enclosing: pass.outputRect) else { return }
        guard let buffer = TextureResource(zeroedWidth: rect.width, height: rect.height) else {
            throw CompositorError.passTooLarge(id)
        }
        run.hold(buffer)
        try drawInBatches(pass.quads.array, into: RasterTarget(buffer, originX: rect.x, originY: rect.y), banded: false, &run)
        if let effect = pass.effect { Self.apply(effect, to: RasterTarget(buffer)) }
        pass.capture?.texture = buffer
        if run.readsLeft[id, default: 0] > 0 {
            run.outputs[id] = PassOutput(texture: buffer, originX: rect.x, originY: rect.y)
        } else {
            run.release(buffer)
        }
    }
}

/// The budget and the last frame's peak (`CPUCompositor.passMemory`).
struct PassMemoryUse {
    var budget = CPUCompositor.defaultPassMemoryBudget
    var lastPeak = 0
}

/// One frame's pass buffers: drawn, held, and how many quads still read each.
private struct PassRun {
    let passes: [RenderPassID: RenderPass]
    let budget: Int
    var outputs: [RenderPassID: PassOutput] = [:]
    var drawn: Set<RenderPassID> = []
    var readsLeft: [RenderPassID: Int] = [:]
    var heldBytes = 0, peakBytes = 0

    init(passes: [RenderPassID: RenderPass], budget: Int) { self.passes = passes; self.budget = budget }

    /// The bytes pass `id`'s buffer will take (0 when it draws nothing).
    func bytes(of id: RenderPassID) -> Int {
        guard let r = passes[id].flatMap({ PixelRect(enclosing: $0.outputRect) }) else { return 0 }
        return min(r.width, 1 << 20) * min(r.height, 1 << 20) * 4   // larger passes fail (passTooLarge)
    }

    mutating func hold(_ buffer: TextureResource) {
        heldBytes += buffer.stride * buffer.height
        peakBytes = max(peakBytes, heldBytes)
    }

    mutating func release(_ buffer: TextureResource) { heldBytes -= buffer.stride * buffer.height }

    /// One quad reading pass `id` was drawn: its buffer goes with the last.
    mutating func read(_ id: RenderPassID) {
        guard let left = readsLeft[id] else { return }
        readsLeft[id] = left - 1
        guard left == 1, let out = outputs.removeValue(forKey: id) else { return }
        release(out.texture)
    }
}
