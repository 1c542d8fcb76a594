/// The filter types the renderer draws (see `CAFilter`'s documentation; used by the frame
/// builder and, for warnings, by the CAML reader).
extension CAFilter {
    /// Compositing filter types (Core Animation's names, Core Image's, and CGBlendMode-like
    /// spellings) and the blend modes they draw with.
    package static let blendModes: [String: BlendMode] = {
        var m: [String: BlendMode] = [:]
        let separable: [(String, BlendMode)] = [
            ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay), ("darken", .darken),
            ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn),
            ("softLight", .softLight), ("hardLight", .hardLight), ("difference", .difference),
            ("exclusion", .exclusion), ("hue", .hue), ("saturation", .saturation), ("color", .color),
            ("luminosity", .luminosity), ("normal", .sourceOver),
        ]
        for (name, mode) in separable {
            m[name + "BlendMode"] = mode
            m["CI" + name.prefix(1).uppercased() + name.dropFirst() + "BlendMode"] = mode
        }
        for (name, mode) in [("plusL", BlendMode.plus), ("plusLighter", .plus), ("plusD", .plusDarker),
                             ("plusDarker", .plusDarker), ("sourceOver", .sourceOver), ("sourceIn", .sourceIn),
                             ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop), ("destOver", .destinationOver),
                             ("destinationOver", .destinationOver), ("destIn", .destinationIn),
                             ("destinationIn", .destinationIn), ("destOut", .destinationOut),
                             ("destinationOut", .destinationOut), ("destAtop", .destinationAtop),
                             ("destinationAtop", .destinationAtop), ("xor", .xor), ("copy", .copy),
                             ("clear", .clear), ("add", .plus),
                             ("CIAdditionCompositing", .plus), ("CISourceOverCompositing", .sourceOver),
                             ("CISourceInCompositing", .sourceIn), ("CISourceOutCompositing", .sourceOut),
                             ("CISourceAtopCompositing", .sourceAtop), ("CIMultiplyCompositing", .multiply),
                             ("CIScreenBlendMode", .screen)] {
            m[name] = mode
        }
        return m
    }()

    /// Filter types `filters` draws (see the type's documentation).
    package static let drawnFilterTypes: Set<String> = [
        "gaussianBlur", "colorMatrix", "vibrantColorMatrix", "colorSaturate", "colorBrightness",
        "colorContrast", "colorHueRotate", "colorInvert", "luminanceToAlpha", "multiplyColor",
    ]
}
