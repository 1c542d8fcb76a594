import Foundation

// Properties whose public type is `Any` or `CFTypeRef` (`CATextLayer.string` and `font`) or an
// array of objects (`CAGradientLayer.locations`) accept anything at compile time; one setter
// turns what they are given into the typed value the property table stores.
extension CALayer {
    /// Sets the property stored at `keyPath` from `value`: nil (or `NSNull`, or an optional
    /// holding nil) clears it; a value `typed` accepts is stored; anything else is reported
    /// (`.invalidValue` naming `key` and what was `expected`, e.g. "a String or
    /// NSAttributedString") and ignored, the property keeping its value.
    final func setObject<L: CALayer, V>(_ value: Any?, key: String, expected: String,
                                        _ typed: (Any) -> V?, at keyPath: ReferenceWritableKeyPath<L, V?>) {
        guard let layer = self as? L else { return }
        guard let value = ValueNormalizer.unwrap(value) else { return layer[keyPath: keyPath] = nil }
        guard let v = typed(value) else {
            return CADiagnostics.report(CALayerDiagnostic.cannotSet(key, to: value, expected: expected))
        }
        layer[keyPath: keyPath] = v
    }
}

extension CALayerDiagnostic {
    /// "cannot set 'KEY' to TYPE; expected WHAT": a value of the wrong type for a property or
    /// key path, ignored.
    static func cannotSet(_ key: String, to value: Any?, expected: String) -> CALayerDiagnostic {
        CALayerDiagnostic(.invalidValue, key: key,
                          "cannot set '\(key)' to \(ValueNormalizer.typeName(value)); expected \(expected)")
    }
}
