import CoreGraphics

/// How a quad's colour combines with what is already in the pass.
package enum BlendMode: Hashable, Sendable {
    /// Porter-Duff OVER on premultiplied colour: `dst = src + dst · (1 − src.alpha)`.
    case sourceOver
    /// Additive: `dst = min(src + dst, 1)` per premultiplied channel (Porter-Duff PLUS, Apple's
    /// `plusL` compositing filter); two copies with weights w and 1 − w make a crossfade.
    case plus
    /// The other blend modes of W3C Compositing and Blending Level 1 (separable: multiply …
    /// exclusion; non-separable: hue … luminosity), the other Porter-Duff operators, and
    /// Apple's `plusD`: see `BlendMode+Modes.swift`.
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case plusDarker
    case clear, copy, sourceIn, sourceOut, sourceAtop
    case destinationOver, destinationIn, destinationOut, destinationAtop, xor
}

extension BlendMode {
    /// The same mode as Core Graphics names it (what a CGContext draws with; the CPU backend
    /// takes its cairo operator from there too).
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

/// The state a quad is drawn with (Chromium viz's `SharedQuadState`; here one value per quad,
/// so quads stay independent values — a builder reuses one instance for a layer's quads).
package struct SharedQuadState: Hashable, Sendable {
    /// Maps the quad's local space (where `DrawQuad.rect` and `roundedClip` live) to the
    /// pass's space in device pixels (the space of `RenderPass.outputRect`).
    package var transform: ProjectiveTransform
    /// Multiplies the quad's coverage, 0…1 (values outside are clamped; 0 skips the quad).
    package var opacity: Double
    /// An axis-aligned clip in the pass's device pixels, or nil. Fractional edges are
    /// antialiased; the builder normally gives whole pixels.
    package var clip: CGRect?
    /// A rounded rectangle in the quad's local space outside which nothing of the quad is
    /// drawn (`cornerRadius` with `masksToBounds`), or nil. Edges are antialiased.
    package var roundedClip: RoundedRect?
    package var blendMode: BlendMode
    /// Edges of the quad's `rect` drawn without antialiasing (whole pixels, by their centres);
    /// the others, and curved outlines, are antialiased. Empty by default.
    package var aliasedEdges: QuadEdges = []
    /// Multiplies a texture quad's premultiplied pixels component by component (an emitter
    /// particle's colour); nil for none. Other materials ignore it.
    package var tint: PremultipliedColor? = nil

    package init(transform: ProjectiveTransform = .identity, opacity: Double = 1, clip: CGRect? = nil,
                 roundedClip: RoundedRect? = nil, blendMode: BlendMode = .sourceOver) {
        self.transform = transform; self.opacity = opacity; self.clip = clip
        self.roundedClip = roundedClip; self.blendMode = blendMode
    }
}

extension SharedQuadState {
    /// The same state with the quad's local space turned over about the line y = `y` first
    /// (its rounded clip turned with it): what puts a layer's first row or line at `maxY` of
    /// an unflipped layer's bounds.
    package func flippedVertically(aboutY y: CGFloat) -> SharedQuadState {
        var s = self
        let flip = ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0,
                                       m31: 0, m32: 2 * Double(y), m33: 1)
        s.transform = flip.concatenating(transform)
        if let rc = roundedClip {
            let r = rc.rect
            s.roundedClip = RoundedRect(rect: CGRect(x: r.minX, y: 2 * y - r.maxY, width: r.width, height: r.height),
                                        radii: rc.radii.flippedVertically)
        }
        return s
    }
}
