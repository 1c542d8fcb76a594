// Redrawing content that depends on animated keys: a layer whose class answers
// `needsDisplay(forKey:)` true for a key draws from that key's value, so while an animation
// moves the key the presentation layer must be redrawn every frame (Apple: "the layer is
// redisplayed … each time the value changes, including during animations";
// https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:)).

extension CALayer {
    /// Whether the render side must redraw this layer's presentation copy (its `draw(in:)` or
    /// delegate drawing, with the animated values) on the current frame: true while an animation
    /// of the last commit is in its *active* period and targets a key — the first component of
    /// its key path, or any key inside a group — for which `type(of: self).needsDisplay(forKey:)`
    /// is true. Read on a model layer it uses the current media time of its tree (`committedMediaTime`);
    /// on a presentation copy, the time the copy was made for.
    ///
    /// Fill periods and removal are not included: the value is then constant, so the render side
    /// redraws once on the frame this turns false (the last value is the filled or model one) and
    /// not after. Internal hook for the render side; not Apple API.
    final var needsDisplayDuringAnimation: Bool {
        if let model = presentedModel { return model.needsDisplayDuringAnimation(atLocalTime: presentationLocalTime) }
        guard let c = committed, !c.animations.isEmpty else { return false }
        return needsDisplayDuringAnimation(atLocalTime: committedLocalTime(fromAbsolute: committedMediaTime))
    }

    /// `needsDisplayDuringAnimation` at the receiver's committed local time `t`.
    final func needsDisplayDuringAnimation(atLocalTime t: CFTimeInterval) -> Bool {
        guard let c = committed else { return false }
        let cls = type(of: self)
        return c.animations.contains { entry in
            guard let begin = entry.resolvedBeginTime else { return false }
            return CALayer.redraws(entry.animation, beginTime: begin, parentTime: t, for: cls)
        }
    }

    private static func redraws(_ anim: CAAnimation, beginTime: CFTimeInterval, parentTime: CFTimeInterval,
                                for cls: CALayer.Type) -> Bool {
        var params = anim.timingParameters
        params.beginTime = beginTime
        guard let timing = MediaTiming.evaluate(params, atParentTime: parentTime), timing.phase == .active else {
            return false
        }
        switch anim {
        case let group as CAAnimationGroup:
            // Children run in the group's local time, as AnimationEvaluator applies them.
            let groupTime = timing.fraction * params.duration
            return (group.animations ?? []).contains {
                redraws($0, beginTime: $0.beginTime, parentTime: groupTime, for: cls)
            }
        case let property as CAPropertyAnimation:
            guard let keyPath = property.keyPath, !keyPath.isEmpty else { return false }
            let head = keyPath.firstIndex(of: ".").map { String(keyPath[..<$0]) } ?? keyPath
            return cls.needsDisplay(forKey: head)
        default:
            return false
        }
    }
}
