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
