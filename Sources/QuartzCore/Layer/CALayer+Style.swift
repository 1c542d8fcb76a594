import Foundation

/// The `style` dictionary (https://developer.apple.com/documentation/quartzcore/calayer/style):
/// default values for keys the layer has no value of its own for, searched in the dictionary,
/// then in the dictionary under its `style` key, and so on.
///
/// Here "no value of its own" means "still at the class default": when `style` is set, each
/// property the style names whose value equals `defaultValue(forKey:)` takes the style's value
/// (without implicit animations), so the render tree, `value(forKey:)` and the property all
/// show it. A property set later overrides it as any value does; a property explicitly set to
/// its default value is indistinguishable from an unset one and takes the style's value.
/// Custom (non-property) keys with no value read the style in `value(forKey:)`.
/// `actions` in the style are searched by `action(forKey:)` (CALayer+Actions).
extension CALayer {
    /// Nesting of `style` dictionaries searched at most (a guard against cycles of boxes).
    static let maximumStyleDepth = 16

    /// The style's value for `key`, searching nested `style` dictionaries; nil when none has it.
    final func styleValue(forKey key: String) -> Any? {
        var dict = state.style
        for _ in 0..<Self.maximumStyleDepth {
            guard let d = dict else { return nil }
            if let v = d[key] { return v }
            dict = ValueNormalizer.unwrap(d["style"]) as? [AnyHashable: Any]
        }
        return nil
    }

    /// Applies the style's values to the properties still at their defaults (see above).
    final func applyStyleDefaults() {
        guard state.style != nil else { return }
        var keys: [String] = [], seen: Set<String> = []
        var dict = state.style
        for _ in 0..<Self.maximumStyleDepth {
            guard let d = dict else { break }
            for case let key as String in d.keys where key != "style" && key != "actions" && seen.insert(key).inserted {
                keys.append(key)
            }
            dict = ValueNormalizer.unwrap(d["style"]) as? [AnyHashable: Any]
        }
        let table = classInfo.table
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for key in keys.sorted() {
            guard let d = table[key], d.applyToState != nil,
                  !d.flags.contains(.derived), !d.flags.contains(.tree),
                  Self.sameValue(d.read(self), type(of: self).defaultValue(forKey: key)),
                  let value = styleValue(forKey: key) else { continue }
            kvcSetValue(value, forKey: key)
        }
    }

    /// Whether two boxed values are equal (nil equals nil); values of types that cannot be
    /// compared are different.
    static func sameValue(_ a: Any?, _ b: Any?) -> Bool {
        let x = ValueNormalizer.unwrap(a), y = ValueNormalizer.unwrap(b)
        if x == nil || y == nil { return x == nil && y == nil }
        if let p = x as? NSObject, let q = y as? NSObject { return p.isEqual(q) }
        if let p = x as? AnyHashable, let q = y as? AnyHashable { return p == q }
        return false
    }
}
