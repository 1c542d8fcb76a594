import CQuartzFontconfig

/// Finds installed font files with fontconfig, the matcher pango uses, so `CGFont` and the text
/// pango lays out agree on the font.
enum FontMatcher {
    struct Match { var path: String; var index: Int; var families: [String] }

    /// The installed face whose PostScript name is exactly `name`, if any.
    static func postScriptName(_ name: String) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(pattern, FC_POSTSCRIPT_NAME, name)
        guard let set = FcFontList(nil, pattern, nil) else { return nil }
        defer { FcFontSetDestroy(set) }
        guard set.pointee.nfont > 0, let font = set.pointee.fonts[0] else { return nil }
        return match(from: font)
    }

    /// fontconfig's best face for a family, weight and slant (always some face when any is installed).
    static func best(family: String, weight: Int32, slant: Int32) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        FcPatternAddInteger(pattern, FC_SLANT, slant)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return match(from: font)
    }

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { v in
            v.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { _ = FcPatternAddString(pattern, object, $0) }
        }
    }

    private static func match(from font: OpaquePointer) -> Match? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        var families: [String] = []
        var n: Int32 = 0, family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, n, &family) == FcResultMatch, let family {
            families.append(String(cString: family)); n += 1
        }
        return Match(path: String(cString: file), index: Int(index), families: families)
    }

    /// Whether `match` is of `family` (case and spaces ignored).
    static func isFamily(_ match: Match, _ family: String) -> Bool {
        let wanted = family.lowercased().filter { $0 != " " }
        return match.families.contains { $0.lowercased().filter { $0 != " " } == wanted }
    }
}
