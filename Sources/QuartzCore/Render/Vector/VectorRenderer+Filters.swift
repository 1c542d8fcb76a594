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
