// The layer time hierarchy (https://developer.apple.com/documentation/quartzcore/camediatiming):
// a layer's local time is `(parent − beginTime) × speed + timeOffset`, starting from absolute
// media time (`CACurrentMediaTime()`) above the root.

extension CALayer: CAMediaTiming {}

extension CALayer {
    /// Absolute time → the receiver's local time, through every superlayer (model values).
    final func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let x = l { chain.append(x); l = x.parent }
        var time = t
        for layer in chain.reversed() {
            time = MediaTiming.localTime(fromParent: time, beginTime: layer.state.beginTime,
                                         speed: layer.state.speed, timeOffset: layer.state.timeOffset)
        }
        return time
    }

    /// The receiver's local time → absolute time.
    final func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let x = l {
            time = MediaTiming.parentTime(fromLocal: time, beginTime: x.state.beginTime,
                                          speed: x.state.speed, timeOffset: x.state.timeOffset)
            l = x.parent
        }
        return time
    }

    final func convertTimeImpl(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let absolute = l?.absoluteTime(fromLocal: t) ?? t
        return localTime(fromAbsolute: absolute)
    }

    final func convertTimeImpl(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(fromLocal: t)
        return l?.localTime(fromAbsolute: absolute) ?? absolute
    }
}

// One media clock per host tree. Apple has one media clock for every layer, so an animation
// added from a timer, a completion block or another thread begins "now" on the same clock its
// frames are drawn on. Here each host owns a clock (an offscreen host's is set by hand), so a
// commit or `presentation()` that runs outside the host's step (a run-loop turn, a timer)
// finds the clock through the tree: the calling task's clock when one is current
// (`withClock`, `CAMediaClockContext`), else the clock of the nearest ancestor that is a host's
// root, else the system clock.
extension CALayer {
    /// The nearest layer up the model tree (`parent`) or, with `committed`, the committed tree
    /// (`committedParent`) that carries a host clock; nil when no host holds the receiver.
    final func hostClockRoot(committed: Bool) -> CALayer? {
        var l: CALayer? = self
        while let x = l {
            if x.hostClock != nil { return x }
            l = committed ? x.committedParent : x.parent
        }
        return nil
    }

    /// The absolute media time for the receiver now, by the rule above (committed tree).
    final var committedMediaTime: CFTimeInterval {
        if let clock = CAMediaClockContext.current { return clock.now }
        return (hostClockRoot(committed: true)?.hostClock ?? CASystemMediaClock()).now
    }
}
