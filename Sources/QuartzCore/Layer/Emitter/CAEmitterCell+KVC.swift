import Foundation

// Key-value coding for emitter cells (Linux's NSObject has none): what CAML and
// `deepCopy()` use. Values are boxed as Apple's KVC boxes them (NSNumber, NSValue); a value
// of the wrong type is ignored with an `.invalidValue` diagnostic; unknown keys are custom keys.
// (https://developer.apple.com/documentation/quartzcore/caemittercell/defaultvalue(forkey:))
extension CAEmitterCell {
    struct Accessor: @unchecked Sendable {  // closures over key paths only
        let get: (CAEmitterCell) -> Any?
        let set: (CAEmitterCell, Any?) -> Bool
    }

    private static func typed<T>(_ kp: ReferenceWritableKeyPath<CAEmitterCell, T>) -> Accessor {
        Accessor(get: { ValueNormalizer.boxed($0[keyPath: kp]) },
                 set: { c, v in
                     guard let x = ValueNormalizer.convert(v, to: T.self) else { return false }
                     c[keyPath: kp] = x
                     return true
                 })
    }

    private static func optional<T>(_ kp: ReferenceWritableKeyPath<CAEmitterCell, T?>) -> Accessor {
        Accessor(get: { $0[keyPath: kp].map { ValueNormalizer.boxed($0) } ?? nil },
                 set: { c, v in
                     let u = ValueNormalizer.unwrap(v)
                     if u == nil { c[keyPath: kp] = nil; return true }
                     guard let x = ValueNormalizer.convert(u, to: T.self) else { return false }
                     c[keyPath: kp] = x
                     return true
                 })
    }

    static let accessors: [String: Accessor] = [
        "name": optional(\.name), "enabled": typed(\.isEnabled),
        "birthRate": typed(\.birthRate), "lifetime": typed(\.lifetime), "lifetimeRange": typed(\.lifetimeRange),
        "emissionLatitude": typed(\.emissionLatitude), "emissionLongitude": typed(\.emissionLongitude),
        "emissionRange": typed(\.emissionRange), "velocity": typed(\.velocity), "velocityRange": typed(\.velocityRange),
        "xAcceleration": typed(\.xAcceleration), "yAcceleration": typed(\.yAcceleration),
        "zAcceleration": typed(\.zAcceleration), "scale": typed(\.scale), "scaleRange": typed(\.scaleRange),
        "scaleSpeed": typed(\.scaleSpeed), "spin": typed(\.spin), "spinRange": typed(\.spinRange),
        "color": optional(\.color), "redRange": typed(\.redRange), "greenRange": typed(\.greenRange),
        "blueRange": typed(\.blueRange), "alphaRange": typed(\.alphaRange), "redSpeed": typed(\.redSpeed),
        "greenSpeed": typed(\.greenSpeed), "blueSpeed": typed(\.blueSpeed), "alphaSpeed": typed(\.alphaSpeed),
        "contents": Accessor(get: { $0.contents }, set: { c, v in c.contents = ValueNormalizer.unwrap(v); return true }),
        "contentsRect": typed(\.contentsRect), "contentsScale": typed(\.contentsScale),
        "minificationFilter": typed(\.minificationFilter), "magnificationFilter": typed(\.magnificationFilter),
        "minificationFilterBias": typed(\.minificationFilterBias),
        "emitterCells": Accessor(get: { $0.emitterCells }, set: { c, v in
            let u = ValueNormalizer.unwrap(v)
            if u == nil { c.emitterCells = nil; return true }
            guard let cells = u as? [CAEmitterCell] else { return false }
            c.emitterCells = cells
            return true
        }),
        "style": Accessor(get: { $0.style }, set: { c, v in
            let u = ValueNormalizer.unwrap(v)
            if u == nil { c.style = nil; return true }
            guard let d = u as? [AnyHashable: Any] else { return false }
            c.style = d
            return true
        }),
        "beginTime": typed(\.beginTime), "duration": typed(\.duration), "speed": typed(\.speed),
        "timeOffset": typed(\.timeOffset), "repeatCount": typed(\.repeatCount),
        "repeatDuration": typed(\.repeatDuration), "autoreverses": typed(\.autoreverses),
        "fillMode": Accessor(get: { $0.fillMode.rawValue }, set: { c, v in
            guard let s = ValueNormalizer.convert(v, to: String.self) else { return false }
            c.fillMode = CAMediaTimingFillMode(rawValue: s)
            return true
        }),
    ]

    /// The property keys, in a fixed order (sub-cells excepted).
    package static let keys: [String] = accessors.keys.filter { $0 != "emitterCells" }.sorted()

    /// The default value of `key`, boxed; nil for unknown keys (Apple's `defaultValue(forKey:)`).
    public class func defaultValue(forKey key: String) -> Any? {
        accessors[key].flatMap { $0.get(CAEmitterCell()) }
    }

    /// The value of a property, `isEnabled` as "enabled", or of a custom key.
    public func value(forKey key: String) -> Any? {
        if let a = CAEmitterCell.accessors[key == "isEnabled" ? "enabled" : key] { return a.get(self) }
        return customValues[key]
    }

    /// Sets a property (reporting a value of the wrong type through `CADiagnostics`), or a custom key.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let a = CAEmitterCell.accessors[key == "isEnabled" ? "enabled" : key] else {
            customValues[key] = ValueNormalizer.boxed(value)
            return
        }
        if !a.set(self, value) {
            CADiagnostics.report(CALayerDiagnostic(
                .invalidValue, key: key, "cannot set emitter cell '\(key)' to \(ValueNormalizer.typeName(value))"))
        }
    }
}
