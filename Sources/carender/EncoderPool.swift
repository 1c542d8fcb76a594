import Foundation
import CoreGraphics

/// Runs frame encodings (PNG: filtering and deflate, about 50 ms for a 1170 × 2532 frame, thirty
/// times its compositing) on worker threads, one per core, while the caller composites the next
/// frames. At most one job per core plus one is waiting or running, so memory stays at a few
/// frames whatever the sequence's length. Each job writes its own file, so the output is the
/// same as encoding one by one. The first error is thrown by the next `run` or by `waitForAll`.
final class EncoderPool: @unchecked Sendable {   // `failure` is under `lock`
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "carender.encode", attributes: .concurrent)
    private let lock = NSLock()
    private var failure: (any Error)?

    init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        slots = DispatchSemaphore(value: max(1, workers) + 1)
    }

    /// Queues `job`, first waiting for a free slot; throws an earlier job's error instead.
    func run(_ job: @escaping @Sendable () throws -> Void) throws {
        slots.wait()
        if let failure = lock.withLock({ failure }) { slots.signal(); throw failure }
        queue.async(group: group) { [self] in
            defer { slots.signal() }
            do { try job() } catch { lock.withLock { if failure == nil { failure = error } } }
        }
    }

    /// Waits for every queued job; throws the first error any of them met.
    func waitForAll() throws {
        group.wait()
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}

/// A finished frame handed to an encoding thread: nothing else reads or changes it meanwhile.
struct SendableImage: @unchecked Sendable {
    let image: CGImage
    init(_ image: CGImage) { self.image = image }
}
