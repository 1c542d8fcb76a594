import CoreGraphics

/// Paths the rasteriser cannot draw: one reaching past ±4,194,304 points (2²², where cairo's
/// fixed point ends; the CPU backend and every `CGContext` draw nothing for it). One rule for
/// every way a path reaches a layer, each reported when handed over rather than every frame:
/// `CAShapeLayer.path`, `CALayer.shadowPath`, and the path values of an animation added to a
/// layer (`fromValue`/`toValue`/`byValue`, keyframe `values`, groups' animations).
enum FarPathCheck {
    /// Points from the origin a path may reach (2²²).
    static let limit: CGFloat = 4_194_304

    /// Reports `path` under `key` when it reaches past `limit`.
    static func report(_ path: CGPath?, key: String) {
        guard let path, isFar(path) else { return }
        let b = path.boundingBoxOfPath
        CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: key,
            "the path reaches \(b) points, beyond ±4,194,304, where it cannot be drawn; it draws nothing"))
    }

    /// Reports the first far path among `anim`'s values, under its key path.
    static func report(in anim: CAAnimation) {
        if let g = anim as? CAAnimationGroup {
            for a in g.animations ?? [] { report(in: a) }
            return
        }
        guard let p = anim as? CAPropertyAnimation else { return }
        var far: CGPath?
        if let b = p as? CABasicAnimation {
            // A typed `fromValue` came from a state value of a kind that is never a path (an
            // implicit animation's), so only the boxes that may hold one are cast.
            far = (b.typedFromValue == nil ? farPath(b.fromValue) : nil) ?? farPath(b.toValue) ?? farPath(b.byValue)
        } else if let k = p as? CAKeyframeAnimation {
            far = k.values?.lazy.compactMap(farPath).first
        }
        if let far { report(far, key: p.keyPath ?? "") }
    }

    /// `value` when it is a path reaching past `limit`.
    private static func farPath(_ value: Any?) -> CGPath? {
        guard value != nil, let path = ValueNormalizer.path(value), isFar(path) else { return nil }
        return path
    }

    static func isFar(_ path: CGPath) -> Bool {
        let b = path.boundingBoxOfPath
        return !b.isNull && max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY)) > limit
    }
}
