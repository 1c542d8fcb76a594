import Foundation
import Synchronization

/// The root pass split across cores: N horizontal bands of the target drawn at once, each by
/// its own cairo context clipped to its rows (offscreen passes are drawn before, on the
/// calling thread). Every band computes geometry for the whole target and only its rows are
/// written, so the frame is byte-for-byte the one a single thread draws: cairo and pixman
/// compute a pixel from its own coordinates, and the projective path sizes its intermediate
/// image by the whole quad, not by the band.
extension CPUCompositor {
    /// Threads used for the root pass: a fixed count, or nil for one per active core (at most
    /// 8), with bands at least `minimumBandRows` rows high.
    package var threadCount: Int? {
        get { threads.withLock { $0 } }
        set { threads.withLock { $0 = newValue.map { max(1, $0) } } }
    }

    /// The smallest band worth a thread of its own, in rows.
    static let minimumBandRows = 64

    /// How many bands a target of `rows` rows is drawn in.
    func bandCount(rows: Int) -> Int {
        let wanted = threadCount ?? min(ProcessInfo.processInfo.activeProcessorCount, 8)
        return max(1, min(wanted, rows / Self.minimumBandRows))
    }

    func drawBanded(_ quads: [DrawQuad], into target: RasterTarget, outputs: [RenderPassID: PassOutput]) {
        let n = bandCount(rows: target.height)
        guard n > 1, !quads.isEmpty else { drawQuads(quads, into: target, outputs: outputs); return }
        // A masked pass output is multiplied out once here, not once per band: the quad then
        // reads the product as a plain pass output (the same pixels, see `resolve`).
        var quads = quads, outputs = outputs
        var synthetic = UInt64.max
        for i in quads.indices {
            guard case .maskedPassOutput(let id, let maskID) = quads[i].material,
                  let out = outputs[id], let mask = outputs[maskID],
                  let product = Self.masked(out, by: mask) else { continue }
            let pid = RenderPassID(synthetic)
            synthetic -= 1
            outputs[pid] = PassOutput(texture: product, originX: out.originX, originY: out.originY)
            quads[i].material = .renderPassOutput(pid)
        }
        let job = BandJob(target: target, quads: quads, outputs: outputs)
        DispatchQueue.concurrentPerform(iterations: n) { i in
            var band = job.target
            let y0 = band.height * i / n, y1 = band.height * (i + 1) / n
            band.drawable = PixelRect(x: 0, y: y0, width: band.width, height: y1 - y0)
            drawQuads(job.quads, into: band, outputs: job.outputs)
        }
    }
}

/// What the band threads share: read only while they run; each writes its own rows of the
/// target's memory.
private struct BandJob: @unchecked Sendable {
    let target: RasterTarget
    let quads: [DrawQuad]
    let outputs: [RenderPassID: PassOutput]
}
