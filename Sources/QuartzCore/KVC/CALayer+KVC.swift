// Key-value coding for layers (Linux's NSObject has none): properties through the property
// table, everything else in the layer's custom-key container, as Apple's "Key-Value Coding
// Compliant Container Classes" describe
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
//
// **Wrong types.** Apple raises when a value cannot convert to a property's type. Here the value
// is ignored, the property keeps its value, and an `.invalidValue` diagnostic is reported
// (`CADiagnostics`). nil for a non-optional property (Apple's `setNilValueForKey:` exception)
// is treated the same way. Unknown keys are never an error: they are custom keys.

extension CALayer {
    final func kvcValue(forKey key: String) -> Any? {
        if let d = classInfo.table[key] { return d.read(self) }
        if key == "superlayer" { return parent }
        if let v = customValues[key] { return v }
        if let v = styleValue(forKey: key) { return ValueNormalizer.boxed(v) }   // CALayer+Style
        if let v = type(of: self).defaultValue(forKey: key) { return ValueNormalizer.boxed(v) }
        return layerPropertyDefault(forKey: key)
    }

    final func kvcSetValue(_ value: Any?, forKey key: String) {
        do throws(CALayerDiagnostic) {
            try setValueChecked(value, forKey: key)
        } catch {
            CADiagnostics.report(error)
        }
    }

    /// `setValue(_:forKey:)` that throws instead of reporting (CAML uses it to list what it
    /// skipped).
    final func setValueChecked(_ value: Any?, forKey key: String) throws(CALayerDiagnostic) {
        if let d = classInfo.table[key] {
            try d.write(self, value)
            return
        }
        if key == "superlayer" {
            throw CALayerDiagnostic(.invalidKeyPath, key: key, "'superlayer' is read-only; use addSublayer(_:)")
        }
        willChange(customKey: key)
        customValues[key] = ValueNormalizer.boxed(value)
        didChange(customKey: key)
    }

    /// Sets several keys, in no particular order (Apple's `setValuesForKeys(_:)`).
    public func setValuesForKeys(_ keyedValues: [String: Any]) {
        for (key, value) in keyedValues { setValue(value, forKey: key) }
    }
}
