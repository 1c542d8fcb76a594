/// Where an object is on its timeline at one moment (the result of `MediaTiming.evaluate`).
public struct MediaTimingState: Hashable, Sendable {
    public enum Phase: Sendable { case before, active, after }
    public var phase: Phase
    /// Fraction through the current iteration, 0…1, after autoreversing, before any timing
    /// function is applied.
    public var fraction: Double
    /// Index of the current iteration (0-based); for cumulative animations.
    public var iteration: Int
}

/// All timing arithmetic of the project, as pure functions of time (seconds).
///
/// The model is Apple's (CAMediaTiming.h, https://developer.apple.com/documentation/quartzcore/camediatiming):
/// an object's *active local time* is `(parent − beginTime) × speed`; its active duration is
/// `repeatDuration` if set, else `duration × max(repeatCount, 1) × (autoreverses ? 2 : 1)`;
/// `timeOffset` is then added and local time wraps within the iterations ("basic local time").
public enum MediaTiming {
    /// A layer's local time from its parent's: `(parent − beginTime) × speed + timeOffset`.
    /// Layers have no duration, so no repetition or fill applies.
    public static func localTime(fromParent t: CFTimeInterval, beginTime: CFTimeInterval,
                                 speed: Float, timeOffset: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// The inverse of `localTime`: the parent time at which local time is `t`. With speed 0 every
    /// parent time maps to the same local time; the parent time returned is then `beginTime`.
    public static func parentTime(fromLocal t: CFTimeInterval, beginTime: CFTimeInterval,
                                  speed: Float, timeOffset: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return (t - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// A group child's timing in its group's time space. A child that sets no `duration` (0)
    /// runs for the group's `duration`, as in Apple's `CAAnimationGroup` listing, where the scale
    /// child has no duration and plays over the group's second
    /// (https://developer.apple.com/documentation/quartzcore/caanimationgroup). While the group
    /// itself is filling (`groupPhase` `.after` or `.before`), its time stands still at its end
    /// or start, and its children fill with it: a group kept on the layer with
    /// `fillMode = .forwards` holds its children's final values, as on Apple, whatever the
    /// children's own fill modes. Every evaluation path (general and compiled) takes a child's
    /// timing from here.
    public static func childParameters(_ child: MediaTimingParameters, inGroupOfDuration groupDuration: CFTimeInterval,
                                       groupPhase: MediaTimingState.Phase = .active) -> MediaTimingParameters {
        var p = child
        if p.duration == 0, groupDuration.isFinite, groupDuration > 0 { p.duration = groupDuration }
        switch groupPhase {
        case .after: p.fillMode = p.fillMode.fillsBackwards ? .both : .forwards
        case .before: p.fillMode = p.fillMode.fillsForwards ? .both : .backwards
        case .active: break
        }
        return p
    }

    /// One iteration's length: `duration`, doubled when autoreversing.
    public static func cycleDuration(_ p: MediaTimingParameters) -> CFTimeInterval {
        max(0, p.duration) * (p.autoreverses ? 2 : 1)
    }

    /// Total active duration (may be infinite).
    public static func activeDuration(_ p: MediaTimingParameters) -> CFTimeInterval {
        let cycle = cycleDuration(p)
        if p.repeatDuration > 0 { return p.repeatDuration }
        if p.repeatCount > 0 { return cycle * CFTimeInterval(p.repeatCount) }
        return cycle
    }

    /// The object's state at parent time `t`, or nil when it has no effect then (outside its
    /// active period without a fill that covers it).
    public static func evaluate(_ p: MediaTimingParameters, atParentTime t: CFTimeInterval) -> MediaTimingState? {
        ResolvedTiming(p).state(beginTime: p.beginTime, atParentTime: t)
    }
}
