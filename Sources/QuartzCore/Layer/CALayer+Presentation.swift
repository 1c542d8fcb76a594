// presentation(): the committed tree with its animations evaluated at the current media time
// (https://developer.apple.com/documentation/quartzcore/calayer/presentation()).

extension CALayer {
    /// Whether `child` was a sublayer or the mask of the receiver at its last commit.
    final func committedHolds(_ child: CALayer) -> Bool {
        guard let c = committed else { return false }
        return c.mask === child || c.sublayers.contains { $0 === child }
    }

    /// The topmost layer of the committed tree that holds the receiver.
    final var committedRoot: CALayer {
        var root = self
        while let p = root.committedParent, p.committedHolds(root) { root = p }
        return root
    }

    final func makePresentation() -> CALayer? {
        if presentedModel != nil { return self }
        guard committed != nil else { return nil }
        var found: CALayer?
        _ = CALayer.presentationTree(of: committedRoot, parentTime: CACurrentMediaTime(),
                                     target: self, found: &found)
        return found
    }

    /// The presentation copy of `layer`'s committed subtree at `parentTime` (its superlayer's
    /// time); records the copy of `target` in `found`.
    static func presentationTree(of layer: CALayer, parentTime: CFTimeInterval, target: CALayer,
                                 found: inout CALayer?) -> CALayer {
        let c = layer.committed!
        let local = MediaTiming.localTime(fromParent: parentTime, beginTime: c.state.beginTime,
                                          speed: c.state.speed, timeOffset: c.state.timeOffset)
        let copy = type(of: layer).init(layer: layer)
        copy.state = c.state
        copy.customValues = c.customValues
        AnimationEvaluator.apply(c.animations, to: &copy.state, custom: &copy.customValues,
                                 table: layer.classInfo.table, at: local)
        copy.presentedModel = layer
        copy.changes = LayerChanges()
        if layer === target { found = copy }
        for child in c.sublayers where child.committed != nil {
            let p = presentationTree(of: child, parentTime: local, target: target, found: &found)
            p.parent = copy
            copy.sublayerList.append(p)
        }
        if let m = c.mask, m.committed != nil {
            let p = presentationTree(of: m, parentTime: local, target: target, found: &found)
            p.parent = copy
            copy.maskLayer = p
        }
        return copy
    }
}

extension CALayer {
    /// The receiver's local time at absolute time `t`, through its committed superlayers'
    /// committed timing (what the render side sees).
    final func committedLocalTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = [self]
        var l = self
        while let p = l.committedParent, p.committedHolds(l) { chain.append(p); l = p }
        var time = t
        for layer in chain.reversed() {
            let s = layer.committed?.state ?? layer.state
            time = MediaTiming.localTime(fromParent: time, beginTime: s.beginTime, speed: s.speed,
                                         timeOffset: s.timeOffset)
        }
        return time
    }

    /// This layer's presentation value for `key` now, without building the presentation tree
    /// (implicit actions call this on every property change). Model value before the first commit.
    final func presentationValue(forKey key: String) -> Any? {
        guard let c = committed else { return value(forKey: key) }
        var state = c.state, custom = c.customValues
        AnimationEvaluator.apply(c.animations, to: &state, custom: &custom, table: classInfo.table,
                                 at: committedLocalTime(fromAbsolute: CACurrentMediaTime()))
        let target = PropertyTarget(keyPath: key, table: classInfo.table)
        guard let d = target.descriptor, d.stateKeyPath != nil else { return target.read(state, custom) }
        // Box as KVC does (NSNumber / NSValue), through the descriptor's encoder on a scratch layer state.
        return d.boxedValue(in: state)
    }
}
