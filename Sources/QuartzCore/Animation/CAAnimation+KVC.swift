import Foundation

// Key-value coding for animations (Linux's NSObject has none). `CAAnimation`, like `CALayer`, is
// a key-value coding container: properties read and write through their KVC names, any other
// key is stored with the animation and copied with it — the usual way to tag an animation for
// `animationDidStop(_:finished:)`. Values are boxed as Apple's KVC boxes them (NSNumber,
// NSValue); a value of the wrong type for a property is ignored with an `.invalidValue`
// diagnostic. (https://developer.apple.com/documentation/quartzcore/caanimation,
// https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html)
extension CAAnimation {
    /// One property's KVC access; nil results mean "not a property of this animation's class"
    /// (the key is then a custom key).
    struct KVCAccessor: @unchecked Sendable {  // closures over key paths only
        let get: (CAAnimation) -> Any??
        let set: (CAAnimation, Any?) -> Bool?
    }

    private static func typed<C: CAAnimation, T>(_ kp: ReferenceWritableKeyPath<C, T>) -> KVCAccessor {
        KVCAccessor(get: { a in (a as? C).map { ValueNormalizer.boxed($0[keyPath: kp]) } },
                    set: { a, v in
                        guard let c = a as? C else { return nil }
                        guard let x = ValueNormalizer.convert(v, to: T.self) else { return false }
                        c[keyPath: kp] = x
                        return true
                    })
    }

    /// Properties that take any value (or a reference type checked by cast).
    private static func object<C: CAAnimation, T>(_ kp: ReferenceWritableKeyPath<C, T?>) -> KVCAccessor {
        KVCAccessor(get: { a in (a as? C).map { $0[keyPath: kp] } },
                    set: { a, v in
                        guard let c = a as? C else { return nil }
                        let u = ValueNormalizer.unwrap(v)
                        if u == nil { c[keyPath: kp] = nil; return true }
                        guard let x = u as? T else { return false }
                        c[keyPath: kp] = x
                        return true
                    })
    }

    private static func option<C: CAAnimation, T: RawRepresentable>(_ kp: ReferenceWritableKeyPath<C, T>) -> KVCAccessor
    where T.RawValue == String {
        KVCAccessor(get: { a in (a as? C).map { $0[keyPath: kp].rawValue } },
                    set: { a, v in
                        guard let c = a as? C else { return nil }
                        guard let x = ValueNormalizer.rawString(v, as: T.self) else { return false }
                        c[keyPath: kp] = x
                        return true
                    })
    }

    /// Every property by its KVC name (Apple's: `removedOnCompletion`, `additive`, `cumulative`).
    static let kvcAccessors: [String: KVCAccessor] = [
        "beginTime": typed(\CAAnimation.beginTime), "duration": typed(\CAAnimation.duration),
        "speed": typed(\CAAnimation.speed), "timeOffset": typed(\CAAnimation.timeOffset),
        "repeatCount": typed(\CAAnimation.repeatCount), "repeatDuration": typed(\CAAnimation.repeatDuration),
        "autoreverses": typed(\CAAnimation.autoreverses), "fillMode": option(\CAAnimation.fillMode),
        "timingFunction": object(\CAAnimation.timingFunction), "delegate": object(\CAAnimation.delegate),
        "removedOnCompletion": typed(\CAAnimation.isRemovedOnCompletion),
        "keyPath": object(\CAPropertyAnimation.keyPath), "additive": typed(\CAPropertyAnimation.isAdditive),
        "cumulative": typed(\CAPropertyAnimation.isCumulative),
        "valueFunction": object(\CAPropertyAnimation.valueFunction),
        "fromValue": object(\CABasicAnimation.fromValue), "toValue": object(\CABasicAnimation.toValue),
        "byValue": object(\CABasicAnimation.byValue),
        "values": object(\CAKeyframeAnimation.values), "path": object(\CAKeyframeAnimation.path),
        "keyTimes": object(\CAKeyframeAnimation.keyTimes),
        "timingFunctions": object(\CAKeyframeAnimation.timingFunctions),
        "calculationMode": option(\CAKeyframeAnimation.calculationMode),
        "rotationMode": KVCAccessor(get: { a in (a as? CAKeyframeAnimation).map { $0.rotationMode?.rawValue } },
                                    set: { a, v in
                                        guard let k = a as? CAKeyframeAnimation else { return nil }
                                        if ValueNormalizer.unwrap(v) == nil { k.rotationMode = nil; return true }
                                        guard let m = ValueNormalizer.rawString(v, as: CAAnimationRotationMode.self) else { return false }
                                        k.rotationMode = m
                                        return true
                                    }),
        "animations": object(\CAAnimationGroup.animations),
        "mass": typed(\CASpringAnimation.mass), "stiffness": typed(\CASpringAnimation.stiffness),
        "damping": typed(\CASpringAnimation.damping), "initialVelocity": typed(\CASpringAnimation.initialVelocity),
        "allowsOverdamping": typed(\CASpringAnimation.allowsOverdamping),
        "type": option(\CATransition.type), "startProgress": typed(\CATransition.startProgress),
        "endProgress": typed(\CATransition.endProgress),
    ]

    func kvcValue(forKey key: String) -> Any? {
        if let a = Self.kvcAccessors[key], let v = a.get(self) { return v }
        if let v = customValues[key] { return v }
        return type(of: self).defaultValue(forKey: key).map { ValueNormalizer.boxed($0) } ?? nil
    }

    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let a = Self.kvcAccessors[key], let ok = a.set(self, value) {
            if !ok {
                CADiagnostics.report(CALayerDiagnostic(
                    .invalidValue, key: key, "cannot set animation '\(key)' to \(ValueNormalizer.typeName(value))"))
            }
            return
        }
        customValues[key] = ValueNormalizer.boxed(value)
    }
}
