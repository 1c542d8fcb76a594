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
        var values: [Any?] = []
        if let b = p as? CABasicAnimation { values = [b.fromValue, b.toValue, b.byValue] }
        if let k = p as? CAKeyframeAnimation { values = k.values ?? [] }
        let key = p.keyPath ?? ""
        if let far = values.lazy.compactMap({ ValueNormalizer.path($0) }).first(where: isFar) {
            report(far, key: key)
        }
    }

    static func isFar(_ path: CGPath) -> Bool {
        let b = path.boundingBoxOfPath
        return !b.isNull && max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY)) > limit
    }
}
