// Dotted key paths: struct fields of point, size, rect and transform values (`position.x`,
// `bounds.size.width`, `transform.rotation.z`) and paths through layer-valued keys
// (`mask.position.x`, `superlayer.opacity`). Struct fields are read from and written back
// through `value(forKey:)`/`setValue(_:forKey:)` of the first key, so a write is one ordinary
// property change and passes the setter's checks.

extension CALayer {
    final func kvcValue(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        let base = value(forKey: head)
        if let layer = base as? CALayer { return layer.value(forKeyPath: rest) }
        return StructKeyPath.value(of: base, field: rest)
    }

    final func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        // A one-key path goes through the open `setValue(_:forKey:)`, so overrides see it.
        guard keyPath.contains(".") else { return setValue(value, forKey: keyPath) }
        do throws(CALayerDiagnostic) {
            try setValueChecked(value, forKeyPath: keyPath)
        } catch {
            CADiagnostics.report(error)
        }
    }

    /// `setValue(_:forKeyPath:)` that throws instead of reporting (CAML uses it to list what it
    /// skipped).
    final func setValueChecked(_ value: Any?, forKeyPath keyPath: String) throws(CALayerDiagnostic) {
        guard let dot = keyPath.firstIndex(of: ".") else { return try setValueChecked(value, forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        let base = self.value(forKey: head)
        if let layer = base as? CALayer {
            try layer.setValueChecked(value, forKeyPath: rest)
            return
        }
        let updated = try StructKeyPath.setting(field: rest, of: base, to: value, keyPath: keyPath)
        setValue(updated, forKey: head)
    }
}
