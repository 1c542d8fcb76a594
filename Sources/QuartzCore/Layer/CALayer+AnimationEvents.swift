// Animation lifecycle: start and stop callbacks, removal on completion. The host that owns the
// tree's clock takes the due events (`dueAnimationEvents(upTo:)`) before each frame and delivers
// them one by one at their own times (`CALayerHost.update(to:)`).

/// One start or stop, at the absolute time it happened.
struct AnimationEvent {
    enum Kind: Int { case start = 0, stop = 1 }
    let time: CFTimeInterval
    let kind: Kind
    let layer: CALayer
    let entry: LayerAnimation
}

extension CALayer {
    /// Sends, in time order, every `animationDidStart` and `animationDidStop(_:finished: true)`
    /// due by absolute time `t` in the committed tree rooted at the receiver, and removes ended
    /// animations whose `isRemovedOnCompletion` is true from their layers (a model change, seen
    /// after the next commit). Apple delivers these on the main thread; call this there. Hosts
    /// deliver each event at its own time instead (`CALayerHost.update(to:)`).
    public final func deliverAnimationEvents(upTo t: CFTimeInterval) {
        for e in dueAnimationEvents(upTo: t) { deliver(e) }
    }

    /// The start and stop events due by absolute time `t` in the committed tree rooted at the
    /// receiver and not yet delivered, in time order (starts before stops at equal times).
    final func dueAnimationEvents(upTo t: CFTimeInterval) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        collectEvents(parentAbsolute: t, parentLocal: t, into: &events)
        events.sort { ($0.time, $0.kind.rawValue) < ($1.time, $1.kind.rawValue) }
        return events
    }

    /// Delivers one event (once); returns whether it called a delegate (user code, which may
    /// have added animations).
    @discardableResult
    final func deliver(_ e: AnimationEvent) -> Bool {
        let delegate = e.entry.animation.delegate
        switch e.kind {
        case .start:
            guard !e.entry.didStart else { return false }
            e.entry.didStart = true
            delegate?.animationDidStart(e.entry.animation)
        case .stop:
            guard !e.entry.didStop else { return false }
            if !e.entry.didStart {
                e.entry.didStart = true
                delegate?.animationDidStart(e.entry.animation)
            }
            if e.entry.animation.isRemovedOnCompletion,
               let i = e.layer.animationEntries.firstIndex(where: { $0 === e.entry }) {
                e.layer.animationEntries.remove(at: i)
                e.layer.changes.animations = true
                e.layer.registerForCommit()
            }
            e.layer.finish(e.entry, finished: true)
        }
        return delegate != nil
    }

    private func collectEvents(parentAbsolute: CFTimeInterval, parentLocal: CFTimeInterval,
                               into events: inout [AnimationEvent]) {
        guard let c = committed else { return }
        // The three timing fields only: a copy of the whole state retained every reference in it,
        // for every layer, every frame.
        let local = MediaTiming.localTime(fromParent: parentLocal, beginTime: c.state.beginTime,
                                          speed: c.state.speed, timeOffset: c.state.timeOffset)
        appendDueEvents(c, local: local, parentAbsolute: parentAbsolute, into: &events)
        for child in c.sublayers { child.collectEvents(parentAbsolute: parentAbsolute, parentLocal: local, into: &events) }
        c.mask?.collectEvents(parentAbsolute: parentAbsolute, parentLocal: local, into: &events)
    }

    /// The receiver's own due events, its committed local time being `local`.
    private func appendDueEvents(_ c: CommittedLayer, local: CFTimeInterval, parentAbsolute: CFTimeInterval,
                                 into events: inout [AnimationEvent]) {
        for entry in c.animations where !entry.didStop {
            guard let begin = entry.resolvedBeginTime else { continue }
            let anim = entry.animation
            func absolute(_ lt: CFTimeInterval) -> CFTimeInterval {
                absoluteTime(fromCommittedLocal: lt, fallback: parentAbsolute)
            }
            if !entry.didStart, local >= begin {
                events.append(AnimationEvent(time: absolute(begin), kind: .start, layer: self, entry: entry))
            }
            let speed = Double(anim.speed)
            let active = MediaTiming.activeDuration(anim.timingParameters)
            guard speed > 0, active.isFinite else { continue }
            let end = begin + active / speed
            if local >= end {
                events.append(AnimationEvent(time: absolute(end), kind: .stop, layer: self, entry: entry))
            }
        }
    }

    /// Whether any of `candidates` (layers that may hold animations) has an event due by
    /// absolute time `t` while in the committed tree rooted at the receiver. Costs what the
    /// candidates cost (each walks its ancestors), not what the tree costs: a host asks this
    /// before walking the whole tree (`dueAnimationEvents(upTo:)`), which most frames need not.
    final func hasDueAnimationEvents(upTo t: CFTimeInterval, among candidates: [CALayer]) -> Bool {
        var chain: [CommittedLayer] = []
        var events: [AnimationEvent] = []
        for layer in candidates {
            guard let c = layer.committed, c.animations.contains(where: { !$0.didStop }) else { continue }
            chain.removeAll(keepingCapacity: true)
            var top = layer
            while let p = top.committedParent, let pc = p.committed { chain.append(pc); top = p }
            guard top === self else { continue }   // no longer under this root
            var local = t
            for a in chain.reversed() {
                local = MediaTiming.localTime(fromParent: local, beginTime: a.state.beginTime,
                                              speed: a.state.speed, timeOffset: a.state.timeOffset)
            }
            local = MediaTiming.localTime(fromParent: local, beginTime: c.state.beginTime,
                                          speed: c.state.speed, timeOffset: c.state.timeOffset)
            layer.appendDueEvents(c, local: local, parentAbsolute: t, into: &events)
            if !events.isEmpty { return true }
        }
        return false
    }

    /// Absolute time of committed local time `t` (for ordering events); `fallback` when a paused
    /// ancestor makes it undefined.
    private func absoluteTime(fromCommittedLocal t: CFTimeInterval, fallback: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let x = l, let s = x.committed?.state {
            guard s.speed != 0 else { return fallback }
            time = MediaTiming.parentTime(fromLocal: time, beginTime: s.beginTime, speed: s.speed,
                                          timeOffset: s.timeOffset)
            l = x.committedParent
        }
        return time
    }
}
