import Foundation

/// Batches layer-tree changes into atomic updates of the render side.
///
/// Transactions are per thread and nest; only the outermost commit reaches the render side.
/// The first change on a thread with no open transaction opens an *implicit* transaction: on the
/// main thread it commits by itself, once, on the next turn of the main queue
/// (`DispatchQueue.main.async` — CFRunLoop observers never fire under `dispatchMain()` on Linux);
/// other threads must call `flush()` (as Apple requires for threads without a run loop).
///
/// Values set in a transaction are seen by nested ones until they set their own. Defaults
/// (Apple's): animationDuration 0.25 s, animationTimingFunction nil (the action's default),
/// disableActions false, completionBlock nil.
/// Follows https://developer.apple.com/documentation/quartzcore/catransaction.
public final class CATransaction {
    private init() {}

    // MARK: Begin, commit, flush

    /// Opens a transaction on the calling thread.
    public static func begin() {
        let state = ThreadTransactions.current
        state.stack.append(TransactionFrame(isImplicit: false))
        state.forgetValues()
    }

    /// Closes the innermost transaction; when it was the outermost, commits every change made
    /// on this thread since the last commit. A commit with no open transaction is ignored.
    public static func commit() {
        let state = ThreadTransactions.current
        guard let frame = state.stack.popLast() else { return }
        state.forgetValues()
        finish(frame, state: state)
    }

    /// Commits any implicit transaction now. Explicit transactions are left open (Apple: flush
    /// "commits any extant implicit transaction").
    public static func flush() {
        let state = ThreadTransactions.current
        while let top = state.stack.last, top.isImplicit {
            state.stack.removeLast()
            state.forgetValues()
            finish(top, state: state)
        }
        // Changes made outside any transaction (none open): commit them too.
        if state.stack.isEmpty { commitParticipants(state) }
    }

    private static func finish(_ frame: TransactionFrame, state: ThreadTransactions) {
        if state.stack.isEmpty { commitParticipants(state) }
        for g in frame.groupsToSeal { g.seal() }
    }

    /// The outermost commit: layout, then display, then one update to the render side
    /// (DESIGN.md §3). Layers changed by layout or display join the same commit.
    private static func commitParticipants(_ state: ThreadTransactions) {
        guard !state.participants.isEmpty else { return }
        var done = 0
        while done < state.participants.count {          // layout may register more layers
            state.participants[done].layoutForCommit(); done += 1
        }
        done = 0
        while done < state.participants.count {          // so may display
            state.participants[done].displayForCommit(); done += 1
        }
        // The list's buffer is kept for the next commit: at 10,000 layers a fresh one grows
        // through several page-faulting reallocations on every commit.
        var list: [TransactionParticipant] = []
        swap(&list, &state.participants)
        swap(&state.participants, &state.spareParticipants)
        state.participantIDs.removeAll(keepingCapacity: true)
        let commit = TransactionCommit()
        for p in list { p.commitTransaction(commit) }
        list.removeAll(keepingCapacity: true)
        state.spareParticipants = list
        RenderTreeRegistry.publish(commit)
    }

    // MARK: Global lock

    private static let globalLock = NSRecursiveLock()
    /// Takes the global Core Animation lock (recursive), as Apple's `lock()`.
    public static func lock() { globalLock.lock() }
    /// Releases the lock taken by `lock()`.
    public static func unlock() { globalLock.unlock() }

    // MARK: Values

    /// The value for `key` in the innermost transaction that set it (nil if none did).
    public static func value(forKey key: String) -> Any? {
        for frame in ThreadTransactions.current.stack.reversed() {
            if let v = frame.values[key] { return v }
        }
        return nil
    }

    /// Sets `value` for `key` in the current transaction (opening an implicit one if none is
    /// open). Setting `completionBlock` this way behaves like `setCompletionBlock`.
    public static func setValue(_ value: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(value as? () -> Void); return
        }
        let frame = currentFrame()
        frame.values[key] = value
        if key == kCATransactionDisableActions {
            frame.disableActions = value.map { ($0 as? Bool) ?? ($0 as? NSNumber)?.boolValue ?? false }
        }
        ThreadTransactions.current.forgetValues()
    }

    /// Duration of implicit animations, seconds (default 0.25).
    public static func animationDuration() -> CFTimeInterval {
        let state = ThreadTransactions.current
        if let known = state.durationCache { return known }
        var d = 0.25
        if let v = value(forKey: kCATransactionAnimationDuration) {
            if let x = v as? Double { d = x } else if let n = v as? NSNumber { d = n.doubleValue }
        }
        state.durationCache = d
        return d
    }
    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// Timing function of implicit animations (nil: each action's default).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        let state = ThreadTransactions.current
        if let known = state.timingFunctionCache { return known }
        let f = value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
        state.timingFunctionCache = .some(f)
        return f
    }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their implicit actions (default false).
    public static func disableActions() -> Bool {
        let state = ThreadTransactions.current
        if let known = state.disableActionsCache { return known }
        var found = false
        for frame in state.stack.reversed() {
            if let d = frame.disableActions { found = d; break }
        }
        state.disableActionsCache = found
        return found
    }
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block of the current transaction.
    public static func completionBlock() -> (() -> Void)? {
        ThreadTransactions.current.stack.last?.completionBlock
    }

    /// Sets the block run (on the main queue) when every animation added to this transaction
    /// *after* this call has finished or been removed; if none is added it runs right after the
    /// transaction commits.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let frame = currentFrame()
        frame.completionBlock = block
        guard let block else { frame.completion = nil; return }
        let group = CompletionGroup(block: block)
        frame.completion = group
        frame.groupsToSeal.append(group)
    }

    // MARK: Internal hooks for layers and animations

    /// The innermost frame, opening an implicit transaction when none is open.
    static func currentFrame() -> TransactionFrame {
        let state = ThreadTransactions.current
        if let top = state.stack.last { return top }
        let frame = TransactionFrame(isImplicit: true)
        state.stack.append(frame)
        state.forgetValues()
        scheduleImplicitCommit(state)
        return frame
    }

    /// Registers `participant` for the next outermost commit on this thread (once), opening an
    /// implicit transaction if none is open.
    static func register(_ participant: TransactionParticipant) {
        let state = ThreadTransactions.current
        if state.participantIDs.insert(ObjectIdentifier(participant)).inserted { registerUnique(participant) }
    }

    /// `register` for a participant that registers once per commit by itself (a layer keeps
    /// `isRegisteredForCommit`): no identity set to keep, as every first set of a layer comes here.
    static func registerUnique(_ participant: TransactionParticipant) {
        let state = ThreadTransactions.current
        if state.stack.isEmpty { _ = currentFrame() }
        state.participants.append(participant)
    }

    /// The completion group an animation being added now should join.
    static func currentCompletionGroup() -> CompletionGroup? {
        for frame in ThreadTransactions.current.stack.reversed() {
            if let g = frame.completion { return g }
        }
        return nil
    }

    private static func scheduleImplicitCommit(_ state: ThreadTransactions) {
        guard MainQueue.isCurrent, !state.implicitCommitScheduled else { return }
        state.implicitCommitScheduled = true
        DispatchQueue.main.async {
            let s = ThreadTransactions.current
            s.implicitCommitScheduled = false
            CATransaction.flush()
        }
    }
}

/// Transaction keys (Apple's `kCATransaction…` constants).
public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"
