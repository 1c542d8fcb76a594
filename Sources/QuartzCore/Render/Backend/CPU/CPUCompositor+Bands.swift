import Foundation
import Synchronization

/// The root pass split across cores: horizontal bands of the target drawn at once, taken in
/// turn by N threads, each band by its own cairo context clipped to its rows (offscreen passes are drawn before, on the
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

    /// The cores this process may run on, read once: Foundation reads the cgroup's CPU quota
    /// files on every `activeProcessorCount`, which cost about 3 % of a wallpaper frame.
    static let activeCores = ProcessInfo.processInfo.activeProcessorCount

    /// The smallest band worth a thread of its own, in rows.
    static let minimumBandRows = 64

    /// Bands per drawing thread when every quad is affine: the threads take bands in turn, so
    /// one whose core is shared with another process draws fewer of them instead of holding
    /// up the frame (two bands on two cores wait for the slower core). A projective quad warps
    /// its whole intermediate image in every band it touches, so such frames keep one band a
    /// thread.
    static let bandsPerThread = 4

    /// How many threads draw a target of `rows` rows.
    func bandCount(rows: Int) -> Int {
        let wanted = threadCount ?? min(Self.activeCores, 8)
        return max(1, min(wanted, rows / Self.minimumBandRows))
    }

    func drawBanded(_ quads: [DrawQuad], into target: RasterTarget, outputs: [RenderPassID: PassOutput]) {
        let threads = bandCount(rows: target.height)
        guard threads > 1, !quads.isEmpty else { drawQuads(quads, into: target, outputs: outputs); return }
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
        let perThread = quads.allSatisfy(\.state.transform.isAffine) ? Self.bandsPerThread : 1
        let n = max(threads, min(threads * perThread, target.height / Self.minimumBandRows))
        let job = BandJob(target: target, quads: quads, rows: quads.map { Self.rows($0, originY: target.originY) },
                          outputs: outputs, bands: n)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let i = job.nextBand() {
                var band = job.target
                let y0 = band.height * i / n, y1 = band.height * (i + 1) / n
                band.drawable = PixelRect(x: 0, y: y0, width: band.width, height: y1 - y0)
                // Only the quads that may reach the band's rows (`drawQuads` checks them again);
                // the first band also gets those off the target, which reach no band, so the
                // resample cache sees every quad as a single thread's draw does.
                let mine = job.quads.indices.filter { k in
                    guard let rows = job.rows[k] else { return true }
                    return rows.overlaps(y0..<y1) || (i == 0 && !rows.overlaps(0..<band.height))
                }
                drawQuads(job.quads, indices: mine, into: band, outputs: job.outputs)
            }
        }
    }

    /// The buffer rows `q` may change (its box grown by a pixel, as `drawQuads` tests), or nil
    /// when unknown (a box behind the eye, numbers out of range): every band draws it.
    static func rows(_ q: DrawQuad, originY: Int) -> Range<Int>? {
        guard let box = q.state.transform.boundingBox(of: q.rect.standardized),
              let r = PixelRect(enclosing: box.insetBy(dx: -1, dy: -1)) else { return nil }
        return (r.y - originY)..<(r.y + r.height - originY)
    }
}

/// What the band threads share: read only while they run; each writes its own rows of the
/// target's memory.
private final class BandJob: @unchecked Sendable {
    let target: RasterTarget
    let quads: [DrawQuad]
    /// Each quad's rows (`CPUCompositor.rows`).
    let rows: [Range<Int>?]
    let outputs: [RenderPassID: PassOutput]
    let bands: Int
    private let taken = Atomic<Int>(0)

    init(target: RasterTarget, quads: [DrawQuad], rows: [Range<Int>?], outputs: [RenderPassID: PassOutput], bands: Int) {
        self.target = target; self.quads = quads; self.rows = rows; self.outputs = outputs; self.bands = bands
    }

    /// The next band no thread has taken, or nil when all are.
    func nextBand() -> Int? {
        let i = taken.add(1, ordering: .relaxed).oldValue
        return i < bands ? i : nil
    }
}
