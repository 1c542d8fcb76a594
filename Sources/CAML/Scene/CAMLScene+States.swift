import Foundation
import QuartzCore

/// States and transitions, with Apple's LayerKit semantics: a state sets values over the layers'
/// own (*base*) values; switching to a state sets every key any state of the document touches —
/// to the new state's value, or back to the base value when the new state does not set it.
extension CAMLScene {
    /// Sets `state`'s values at once, without animation (a transaction with actions disabled).
    /// A name no document declares leaves the layers as they are, with a warning.
    public func apply(state: String) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let context = CAMLReadContext(file: url.path, base: url, options: CAMLReadOptions())
        applyValues(of: state, context: context)
        CATransaction.commit()
        warnings += context.log.all
        if stateNames.contains(state) { currentState = state }
    }

    /// Moves from state `from` to state `to`: applies `to`'s values, and adds the animations of
    /// the best-matching transition of each document, each animating its key from its value in
    /// `from` to its value in `to`.
    ///
    /// Matching, most specific first: `from → to`, `* → to`, `from → *`, `* → *`. A transition
    /// animation's `fromValue`/`toValue` are filled from the two states (base values where a
    /// state does not set the key) unless the file gives values; it is added under the key
    /// `"state." + keyPath`, replacing a running one, and begins at host time `time` (seconds;
    /// the current media time — `CACurrentMediaTime()`, the host's clock inside
    /// `CALayerHost.withClock` — when nil). Without a matching transition the values just change.
    public func transition(from: String, to: String, at time: CFTimeInterval? = nil) {
        let context = CAMLReadContext(file: url.path, base: url, options: CAMLReadOptions())
        let now = time ?? CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        applyValues(of: to, context: context)
        for d in documents {
            let candidates = d.transitions.compactMap { t in t.match(from: from, to: to).map { (t, $0) } }
            guard let best = candidates.max(by: { $0.1 < $1.1 })?.0 else { continue }
            let fromValues = values(of: from, in: d), toValues = values(of: to, in: d)
            for el in best.elements {
                guard let template = el.animation, let layer = d.layersByID[el.targetID],
                      let anim = template.copy() as? CAAnimation else { continue }
                let key = CAMLTargetKey(targetID: el.targetID, keyPath: el.keyPath)
                if let basic = anim as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
                   basic.byValue == nil {
                    basic.fromValue = fromValues[key] ?? layer.value(forKeyPath: el.keyPath)
                    basic.toValue = toValues[key] ?? layer.value(forKeyPath: el.keyPath)
                }
                if let p = anim as? CAPropertyAnimation, p.keyPath?.isEmpty ?? true { p.keyPath = el.keyPath }
                // A begin time of exactly 0 would mean "at the commit"; 1e-100 is the scene's
                // way of saying "at 0".
                let local = layer.convertTime(now, from: nil)
                anim.beginTime = anim.beginTime + (local == 0 ? 1e-100 : local)
                context.capturingDiagnostics(at: nil) { layer.add(anim, forKey: "state." + el.keyPath) }
            }
        }
        CATransaction.commit()
        warnings += context.log.all
        if stateNames.contains(to) { currentState = to }
    }

    /// Sets `name`'s values (and base values for keys it leaves alone) in every document.
    func applyValues(of name: String, context: CAMLReadContext) {
        guard stateNames.contains(name) else {
            context.log.warn(url.path, 0, "no state named '\(name)'; layers left as they are")
            return
        }
        for d in documents {
            for (key, value) in values(of: name, in: d).sorted(by: { ($0.key.targetID, $0.key.keyPath) < ($1.key.targetID, $1.key.keyPath) }) {
                guard let layer = d.layersByID[key.targetID] else { continue }
                context.file = d.file
                context.capturingDiagnostics(at: nil) { layer.setValue(value is NSNull ? nil : value, forKeyPath: key.keyPath) }
            }
        }
    }

    /// Every key the document's states touch, with its value in state `name` (following
    /// `basedOn`), or its base value. A document without that state gets its base values.
    func values(of name: String, in d: CAMLDocument) -> [CAMLTargetKey: Any] {
        var out = d.baseValues
        var chain: [CAMLState] = []
        var next: String? = name
        while let n = next, let s = d.state(named: n), !chain.contains(where: { $0.name == n }), chain.count < 64 {
            chain.append(s)
            next = s.basedOn
        }
        for s in chain.reversed() {
            for v in s.elements { out[CAMLTargetKey(targetID: v.targetID, keyPath: v.keyPath)] = v.value }
        }
        return out
    }
}
