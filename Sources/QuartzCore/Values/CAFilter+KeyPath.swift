import Foundation

/// Key paths into a layer's filter list, as Core Animation spells them:
/// `filters.<name>.<input>` (e.g. `filters.blur.inputRadius`) and `filters.<name>.enabled`,
/// where `<name>` is a filter's `name`. They read and write through `value(forKeyPath:)` /
/// `setValue(_:forKeyPath:)` and animate like any numeric key path (the property animation
/// interpolates the input's number; an input never set animates from the type's default).
extension CAFilter {
    /// Defaults of the numeric inputs the renderer reads, by filter type.
    package static let defaultInputs: [String: [String: Double]] = [
        "gaussianBlur": ["inputRadius": 10],
        "colorSaturate": ["inputAmount": 1],
        "colorBrightness": ["inputAmount": 0],
        "colorContrast": ["inputAmount": 1],
        "colorHueRotate": ["inputAngle": 0],
    ]

    /// `field` ("name.input") split at its first dot, with the index of the filter of that
    /// name in `list`; nil when `base` is no filter list or has no such filter.
    private static func locate(_ base: Any?, _ field: String) -> (list: [Any], index: Int, input: String)? {
        guard let list = ValueNormalizer.unwrap(base) as? [Any], let dot = field.firstIndex(of: ".") else { return nil }
        let name = String(field[..<dot]), input = String(field[field.index(after: dot)...])
        guard !input.isEmpty, let i = list.firstIndex(where: { CAFilter.from($0)?.name == name }) else { return nil }
        return (list, i, input)
    }

    /// The value at `field` of a filter list (see above), or nil.
    static func keyPathValue(in base: Any?, field: String) -> Any? {
        guard let (list, i, input) = locate(base, field), let f = CAFilter.from(list[i]) else { return nil }
        if input == "enabled" { return NSNumber(value: f.isEnabled) }
        if let v = f.parameters[input] { return ValueNormalizer.boxed(v) }
        return defaultInputs[f.type]?[input].map { NSNumber(value: $0) }
    }

    /// The list with `field` set to `value`, or nil when `base` is no filter list or has no
    /// filter of that name (a string entry becomes a `CAFilter`).
    static func settingKeyPath(in base: Any?, field: String, to value: Any?) -> [Any]? {
        guard let found = locate(base, field), var f = CAFilter.from(found.list[found.index]) else { return nil }
        var list = found.list
        let (i, input) = (found.index, found.input)
        if input == "enabled" {
            guard let b = ValueNormalizer.bool(value) else { return nil }
            f.isEnabled = b
        } else {
            f.setValue(ValueNormalizer.unwrap(value), forKey: input)
        }
        list[i] = f
        return list
    }
}
