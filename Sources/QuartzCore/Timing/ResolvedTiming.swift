/// An object's timing with what `MediaTiming.evaluate` derives from it computed once: its cycle
/// and active durations, its fill as two flags and its speed as a `Double`. Plain values (no
/// fill-mode string to copy or compare), so a compiled animation keeps one and evaluates it every
/// frame; `MediaTiming.evaluate` goes through the same code, so both give the same state.
struct ResolvedTiming: Sendable {
    let duration: CFTimeInterval
    let speed: CFTimeInterval
    let timeOffset: CFTimeInterval
    /// One iteration, doubled when autoreversing (`MediaTiming.cycleDuration`).
    let cycle: CFTimeInterval
    /// The active duration (`MediaTiming.activeDuration`; may be infinite).
    let total: CFTimeInterval
    let autoreverses: Bool
    let fillsForwards: Bool
    let fillsBackwards: Bool

    init(_ p: MediaTimingParameters) {
        duration = p.duration; speed = CFTimeInterval(p.speed); timeOffset = p.timeOffset
        cycle = MediaTiming.cycleDuration(p); total = MediaTiming.activeDuration(p)
        autoreverses = p.autoreverses
        fillsForwards = p.fillMode.fillsForwards; fillsBackwards = p.fillMode.fillsBackwards
    }

    /// The object's state at parent time `t` when it begins at `beginTime`, or nil when it has
    /// no effect then (outside its active period without a fill that covers it).
    @inline(__always)
    func state(beginTime: CFTimeInterval, atParentTime t: CFTimeInterval) -> MediaTimingState? {
        guard t.isFinite else { return nil }
        let active = (t - beginTime) * speed
        let phase: MediaTimingState.Phase
        var a = active
        if active < 0 {
            guard fillsBackwards else { return nil }
            phase = .before; a = 0
        } else if active >= total {
            guard fillsForwards else { return nil }
            phase = .after; a = total
        } else {
            phase = .active
        }
        guard cycle > 0, duration > 0 else {
            // Zero duration: the object jumps straight to its end.
            return MediaTimingState(phase: phase, fraction: 1, iteration: 0)
        }
        var local = a + timeOffset
        if !local.isFinite { local = 0 }
        var iteration = (local / cycle).rounded(.down)
        var inCycle = local - iteration * cycle
        // At the very end of the active period, show the end of the last iteration, not the
        // start of the next one.
        if phase == .after, inCycle == 0, local > 0 { iteration -= 1; inCycle = cycle }
        if autoreverses && inCycle > duration { inCycle = cycle - inCycle }
        let fraction = min(1, max(0, inCycle / duration))
        let iter = iteration.isFinite ? Int(max(min(iteration, Double(Int32.max)), Double(Int32.min))) : 0
        return MediaTimingState(phase: phase, fraction: fraction, iteration: iter)
    }
}
