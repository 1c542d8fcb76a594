// Attaching animations to layers (https://developer.apple.com/documentation/quartzcore/calayer,
// "Managing Layer Animations").

/// One animation attached to a layer: the copy made by `add(_:forKey:)` and its progress.
package final class LayerAnimation {
    let key: String
    /// Whether the key was given (nil keys get a private one, not listed by `animationKeys()`).
    let isNamed: Bool
    let animation: CAAnimation
    /// Begin time in the layer's local time, resolved at the first commit after `add`.
    @exclusivity(unchecked) var resolvedBeginTime: CFTimeInterval?
    /// The transaction completion block this animation holds open.
    var completion: CompletionGroup?
    var didStart = false
    var didStop = false
    /// The animation's compiled form (`CompiledAnimation.general` when it has none), made when
    /// the layer commits the animation, before any evaluation can see it; nil before that (the
    /// general path then evaluates it). Fixed once set, so the render side reads it unlocked.
    @exclusivity(unchecked) private(set) var compiled: CompiledAnimation?

    init(key: String, isNamed: Bool, animation: CAAnimation) {
        self.key = key; self.isNamed = isNamed; self.animation = animation
    }

    /// Compiles the animation for a layer whose class has `table` (the commit calls this once).
    @discardableResult
    func compile(table: PropertyTable) -> CompiledAnimation {
        if let c = compiled { return c }
        let c = CompiledAnimation.compile(animation, table: table) ?? .general
        compiled = c
        return c
    }

    /// Ends the animation's hold on its transaction's completion block (once).
    func releaseCompletion() {
        completion?.leave()
        completion = nil
    }
}

extension CALayer {
    final func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        // A property animation without a key path animates the property named by the key (what
        // makes `actions = ["opacity": CABasicAnimation()]` work, as on Apple).
        if let p = copy as? CAPropertyAnimation, p.keyPath == nil || p.keyPath!.isEmpty {
            guard let key, !key.isEmpty else {
                return CADiagnostics.report(CALayerDiagnostic(
                    .invalidValue, key: key, "add(_:forKey:) ignored a property animation with no keyPath and no key"))
            }
            p.keyPath = key
        }
        // Apple: a duration of 0 means the transaction's duration (0.25 s by default).
        if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
        FarPathCheck.report(in: copy)
        if let group = copy as? CAAnimationGroup, group.duration == 0 { group.duration = 0.25 }
        let named = key != nil
        let entryKey = key ?? "\u{1}anonymous-\(LayerAnimation.nextAnonymous())"
        if named, let i = animationEntries.firstIndex(where: { $0.key == entryKey }) {
            finish(animationEntries.remove(at: i), finished: false)
        }
        let entry = LayerAnimation(key: entryKey, isNamed: named, animation: copy)
        if let g = CATransaction.currentCompletionGroup() { g.enter(); entry.completion = g }
        animationEntries.append(entry)
        changes.animations = true
        registerForCommit()
    }

    final func animationEntry(forKey key: String) -> LayerAnimation? {
        animationEntries.first { $0.key == key && $0.isNamed }
    }

    final func removeAnimationEntry(forKey key: String) {
        guard let i = animationEntries.firstIndex(where: { $0.key == key && $0.isNamed }) else { return }
        finish(animationEntries.remove(at: i), finished: false)
        changes.animations = true
        registerForCommit()
    }

    final func removeAllAnimationEntries() {
        guard !animationEntries.isEmpty else { return }
        let removed = animationEntries
        animationEntries = []
        for e in removed { finish(e, finished: false) }
        changes.animations = true
        registerForCommit()
    }

    /// Ends an animation: tells its delegate (once; only if it had started or was removed — Apple
    /// sends `animationDidStop(_:finished: false)` to removed animations) and releases its
    /// transaction completion block.
    final func finish(_ entry: LayerAnimation, finished: Bool) {
        guard !entry.didStop else { return }
        entry.didStop = true
        entry.animation.delegate?.animationDidStop(entry.animation, finished: finished)
        entry.releaseCompletion()
    }
}

extension LayerAnimation {
    private static let counter = Counter()
    static func nextAnonymous() -> UInt64 { counter.next() }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func next() -> UInt64 { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}

extension CAAnimation: CAAction {
    /// Adds the animation to `anObject` (a layer) for `event`, as Apple's animations do when they
    /// run as actions (https://developer.apple.com/documentation/quartzcore/caaction).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}
