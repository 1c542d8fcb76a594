import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Something that has changes to commit when the outermost transaction of its thread commits
/// (layers register on their first change in a transaction). Commit cost is proportional to the
/// participants, not to the size of their trees.
protocol TransactionParticipant: AnyObject {
    /// First phase of a commit: lay out. Changes made here join the same commit.
    func layoutForCommit()
    /// Second phase: display (draw backing stores). Changes made here join the same commit.
    func displayForCommit()
    /// Last phase, once per outermost commit, in registration order, on the committing thread.
    func commitTransaction(_ commit: TransactionCommit)
}

extension TransactionParticipant {
    func layoutForCommit() {}
    func displayForCommit() {}
}

/// What an outermost commit carries to participants and, as one update, to the render side.
final class TransactionCommit {
    /// Media time at the commit from the calling task's clock (`withClock`,
    /// `CAMediaClockContext`), when one is current: then every layer committed uses it.
    private let taskTime: CFTimeInterval?
    /// The snapshots of every layer committed, with the layer (the render tree registry routes
    /// each to the trees whose root is the layer or one of its committed ancestors).
    var snapshots: [(snapshot: LayerSnapshot, layer: CALayer)] = []
    /// Whether any render tree is alive to receive snapshots (none are made otherwise).
    let wantsSnapshots: Bool
    /// This commit's place among all outermost commits of the process (from 1; see
    /// `CommitSequence`).
    let sequence: UInt64
    init() {
        taskTime = CAMediaClockContext.current?.now
        wantsSnapshots = RenderTreeRegistry.hasTrees; sequence = CommitSequence.next()
    }

    /// Absolute media time of this commit by host root (the layer carrying the host clock) and
    /// for layers no host holds (the system clock), each read once: one time per tree.
    private var hostTimes: [ObjectIdentifier: CFTimeInterval] = [:]
    private var systemTime: CFTimeInterval?

    /// The commit's absolute media time for `layer`'s tree (CALayer+Time.swift: the task's clock,
    /// else its host's, else the system's).
    func absoluteTime(for layer: CALayer) -> CFTimeInterval {
        if let taskTime { return taskTime }
        if let root = layer.hostClockRoot(committed: false), let clock = root.hostClock {
            let key = ObjectIdentifier(root)
            if let known = hostTimes[key] { return known }
            let t = clock.now
            hostTimes[key] = t
            return t
        }
        return time
    }

    /// The commit's time for what no host holds: the task's clock, else the system clock.
    var time: CFTimeInterval {
        if let taskTime { return taskTime }
        if let systemTime { return systemTime }
        let t = CASystemMediaClock().now
        systemTime = t
        return t
    }

    /// Local times of this commit's time by layer (the superlayers of layers resolving begin
    /// times), so siblings share one walk up the tree instead of each walking to the root.
    private var localTimes: [ObjectIdentifier: CFTimeInterval] = [:]

    /// `layer.convertTime(now, from: nil)`: its superlayer's local time (found once per
    /// superlayer in this commit) through the layer's own timing.
    func localTime(of layer: CALayer) -> CFTimeInterval {
        guard let parent = layer.parent else { return layer.localTime(fromAbsolute: absoluteTime(for: layer)) }
        let key = ObjectIdentifier(parent)
        let parentTime: CFTimeInterval
        if let known = localTimes[key] { parentTime = known } else {
            parentTime = parent.localTime(fromAbsolute: absoluteTime(for: parent))
            localTimes[key] = parentTime
        }
        return MediaTiming.localTime(fromParent: parentTime, beginTime: layer.state.beginTime,
                                     speed: layer.state.speed, timeOffset: layer.state.timeOffset)
    }
}

/// One level of `CATransaction.begin()` (or the implicit transaction).
final class TransactionFrame {
    var values: [String: Any] = [:]
    /// `disableActions` when this frame set it (read on every property change, so kept typed).
    var disableActions: Bool?
    let isImplicit: Bool
    /// The completion group in force for animations added while this frame is innermost.
    var completion: CompletionGroup?
    /// The block this frame set (what `completionBlock()` returns): per transaction, so per
    /// thread, as Apple keeps it.
    var completionBlock: (() -> Void)?
    /// Groups whose blocks were set in this frame; sealed when it commits.
    var groupsToSeal: [CompletionGroup] = []
    init(isImplicit: Bool) { self.isImplicit = isImplicit }
}

/// Runs a transaction's completion block once every animation added under it has finished or
/// been removed, and the transaction that set it has committed: inside a host's step
/// (`CALayerHost.update(to:)`, `withClock`) the host runs it at the host time it falls due
/// (DESIGN.md §6); elsewhere on the main queue, as Apple documents.
final class CompletionGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0
    private var sealed = false
    private var block: (() -> Void)?

    init(block: @escaping () -> Void) { self.block = block }

    /// An animation joined the group.
    func enter() { lock.lock(); pending += 1; lock.unlock() }

    /// An animation of the group finished or was removed.
    func leave() {
        lock.lock(); pending -= 1; let fire = sealed && pending == 0; lock.unlock()
        if fire { fireOnMain() }
    }

    /// The transaction that set the block committed.
    func seal() {
        lock.lock(); sealed = true; let fire = pending == 0; lock.unlock()
        if fire { fireOnMain() }
    }

    private func fireOnMain() {
        lock.lock(); let b = block; block = nil; lock.unlock()
        guard let b else { return }
        if let host = CAHostContext.current {
            host.append(b)
            return
        }
        let box = UncheckedBox(b)
        DispatchQueue.main.async { box.value() }
    }
}

/// Moves a non-Sendable value across a queue hop that is known to be safe.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The transaction state of one thread: the stack of open transactions and the participants
/// waiting for the outermost commit.
final class ThreadTransactions {
    // Exclusivity unchecked (as `participants`): one thread's state, read by every first change.
    @exclusivity(unchecked) var stack: [TransactionFrame] = []
    // Exclusivity unchecked: the state of one thread, touched only by it; every first change
    // of a layer appends here.
    @exclusivity(unchecked) var participants: [TransactionParticipant] = []
    /// An empty list with the capacity of an earlier commit's (see `commitParticipants`).
    var spareParticipants: [TransactionParticipant] = []
    /// Participants registered through `CATransaction.register` (layers dedupe themselves).
    var participantIDs: Set<ObjectIdentifier> = []
    /// `disableActions()`, `animationDuration()` and `animationTimingFunction()` as the open
    /// frames say, found once and kept until a frame opens, closes or sets a value
    /// (`forgetValues`): every property change of a shown layer reads the first, every
    /// implicit animation the other two.
    var disableActionsCache: Bool?
    var durationCache: CFTimeInterval?
    var timingFunctionCache: CAMediaTimingFunction??

    func forgetValues() {
        disableActionsCache = nil; durationCache = nil; timingFunctionCache = nil
    }
    var implicitCommitScheduled = false

    /// The main queue's state: the main thread's, and that of whichever thread drains the main
    /// queue once the main thread parks in `dispatchMain()` (Linux runs main-queue blocks on
    /// worker threads then). One state, as on Apple where the main queue is the main thread:
    /// changes made by top-level code before `dispatchMain()`, and by one main-queue block, are
    /// committed by the implicit commit scheduled on the main queue, whichever thread runs it.
    /// The main queue is serial and the main thread is parked while others drain it, so the
    /// state is never used by two threads at once.
    nonisolated(unsafe) static let main = ThreadTransactions(isMainQueue: true)
    /// Whether this is `main`.
    let isMainQueue: Bool
    init(isMainQueue: Bool = false) { self.isMainQueue = isMainQueue }

    /// The calling thread's state (created on first use, freed when the thread exits); the
    /// main queue's on the main queue. Read on every property change, so the main thread's is
    /// found by its thread-specific slot alone (it holds `main`); other threads also ask
    /// whether they are draining the main queue now.
    static var current: ThreadTransactions {
        if let p = pthread_getspecific(threadKey) {
            // A field of the slot's own object, not a comparison with `main`: loading a global
            // object retains and releases it, a quarter of the cost of a property set.
            let state = Unmanaged<ThreadTransactions>.fromOpaque(p).takeUnretainedValue()
            return state.isMainQueue || !MainQueue.isDrainingMainQueue ? state : main
        }
        let onMainThread = Thread.isMainThread
        let state = onMainThread ? main : ThreadTransactions()
        pthread_setspecific(threadKey, Unmanaged.passRetained(state).toOpaque())
        return onMainThread || MainQueue.isDrainingMainQueue ? main : state
    }
}

private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in
        if let p { Unmanaged<ThreadTransactions>.fromOpaque(p).release() }
    }
    return key
}()
