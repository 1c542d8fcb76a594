// presentation(): the committed tree with its animations evaluated at the current media time
// (https://developer.apple.com/documentation/quartzcore/calayer/presentation()).

extension CALayer {
    /// The topmost layer of the committed tree that holds the receiver.
    final var committedRoot: CALayer {
        var root = self
        while let p = root.committedParent { root = p }
        return root
    }

    final func makePresentation() -> CALayer? {
        if presentedModel != nil { return self }
        guard hasCommitted else { return nil }
        // Copy only the chain from the committed root down to the receiver; sublayers of a copy
        // are made when asked for (`traversalSublayers`).
        var chain: [CALayer] = [self]
        var l = self
        while let p = l.committedParent { chain.append(p); l = p }
        var copy: CALayer?
        var time = committedMediaTime
        for layer in chain.reversed() {
            let c = CALayer.presentationCopy(of: layer, parentCopy: copy, parentTime: time)
            time = c.presentationLocalTime
            copy = c
        }
        return copy
    }

    /// The presentation copy of `layer` whose superlayer's copy is `parentCopy`, evaluated at
    /// `parentTime` (the superlayer's local time).
    static func presentationCopy(of layer: CALayer, parentCopy: CALayer?, parentTime: CFTimeInterval) -> CALayer {
        let c = layer.committed!
        let local = MediaTiming.localTime(fromParent: parentTime, beginTime: c.state.beginTime,
                                          speed: c.state.speed, timeOffset: c.state.timeOffset)
        let copy: CALayer
        if type(of: layer) == CALayer.self {
            copy = CALayer(presenting: layer, state: c.state, custom: c.customValues)
        } else {
            copy = type(of: layer).init(layer: layer)
            copy.state = c.state
            copy.customValues = c.customValues
        }
        AnimationEvaluator.apply(c.animations, to: &copy.state, custom: &copy.customValues,
                                 table: layer.classInfo.table, at: local)
        copy.presentedModel = layer
        copy.presentationLocalTime = local
        copy.changes = LayerChanges()
        copy.parent = parentCopy
        copy.presentationParent = parentCopy
        copy.presentationIsMask = parentCopy?.presentedModel?.committed?.mask === layer
        return copy
    }

    /// The sublayers to walk: the live list for model layers, fresh presentation copies of the
    /// committed sublayers for presentation copies.
    final var traversalSublayers: [CALayer] {
        guard let model = presentedModel else { return sublayerList }
        return (model.committed?.sublayers ?? []).filter(\.hasCommitted).map {
            CALayer.presentationCopy(of: $0, parentCopy: self, parentTime: presentationLocalTime)
        }
    }

    /// A presentation copy of the committed mask (presentation copies only).
    final func presentationMask() -> CALayer? {
        guard let m = presentedModel?.committed?.mask, m.hasCommitted else { return nil }
        return CALayer.presentationCopy(of: m, parentCopy: self, parentTime: presentationLocalTime)
    }
}

extension CALayer {
    /// The receiver's local time at absolute time `t`, through its committed superlayers'
    /// committed timing (what the render side sees).
    final func committedLocalTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        // Recursion rather than a list of the chain: implicit actions call this on every set.
        let parentTime = committedParent?.committedLocalTime(fromAbsolute: t) ?? t
        let c = committed
        return MediaTiming.localTime(fromParent: parentTime, beginTime: c?.state.beginTime ?? state.beginTime,
                                     speed: c?.state.speed ?? state.speed,
                                     timeOffset: c?.state.timeOffset ?? state.timeOffset)
    }

    /// This layer's presentation value for `key` now, without building the presentation tree
    /// (implicit actions call this on every property change). Model value before the first commit.
    final func presentationValue(forKey key: String) -> Any? { typedPresentationValue(forKey: key).boxed }

    /// `presentationValue(forKey:)` and, for a whole property that compiled animations cover,
    /// the same value typed (implicit animations keep it: `CABasicAnimation.typedFromValue`).
    final func typedPresentationValue(forKey key: String) -> (boxed: Any?, typed: AnimValue?) {
        guard let c = committed else { return (value(forKey: key), nil) }
        var state = c.state, custom = c.customValues
        AnimationEvaluator.apply(c.animations, to: &state, custom: &custom, table: classInfo.table,
                                 at: committedLocalTime(fromAbsolute: committedMediaTime))
        let target = PropertyTarget(keyPath: key, table: classInfo.table)
        guard let d = target.descriptor, d.stateKeyPath != nil else { return (target.read(state, custom), nil) }
        // Box as KVC does (NSNumber / NSValue), through the descriptor's encoder on a scratch layer state.
        return (d.boxedValue(in: state), target.field == nil ? CompiledAnimation.typedValue(of: d, in: &state) : nil)
    }
}
