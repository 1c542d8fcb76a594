import CoreGraphics

/// Filters in the vector path (as the compositor draws them, `FrameBuilder+Filters`): a layer
/// whose `filters` the compositor draws is rasterized by it (a blur or a colour matrix is pixels
/// in any case); a `compositingFilter` is the context's blend mode for a transparency layer
/// holding the subtree, so the flattened subtree blends with what is behind it.
extension VectorRenderer {
    /// Whether `st` has enabled `filters` of a type the compositor draws.
    static func hasDrawnFilters(_ st: LayerState) -> Bool {
        (st.filters ?? []).contains { item in
            guard let f = CAFilter.from(item) else { return false }
            return f.isEnabled && CAFilter.drawnFilterTypes.contains(f.type)
        }
    }

    /// The blend mode of `st`'s compositing filter; nil when it has none the renderer draws
    /// or it is the normal one.
    static func compositingBlendMode(_ st: LayerState) -> CGBlendMode? {
        guard let f = CAFilter.from(st.compositingFilter), f.isEnabled,
              let mode = CAFilter.blendModes[f.type], mode != .sourceOver else { return nil }
        return mode.cgBlendMode
    }
}

extension BlendMode {
    var cgBlendMode: CGBlendMode {
        switch self {
        case .sourceOver: .normal
        case .plus: .plusLighter
        case .plusDarker: .plusDarker
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .clear: .clear
        case .copy: .copy
        case .sourceIn: .sourceIn
        case .sourceOut: .sourceOut
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationIn: .destinationIn
        case .destinationOut: .destinationOut
        case .destinationAtop: .destinationAtop
        case .xor: .xor
        }
    }
}
