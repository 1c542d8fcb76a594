import CoreGraphics

/// How a texture is sampled when it is drawn larger or smaller than its pixels
/// (Core Animation's `minificationFilter` / `magnificationFilter` values).
package enum TextureFilter: Hashable, Sendable {
    /// The closest texel (`kCAFilterNearest`): hard pixel edges when magnified.
    case nearest
    /// Bilinear interpolation of the 4 closest texels (`kCAFilterLinear`).
    case linear
    /// Bilinear in the two mip levels around the minification, blended by the fractional level
    /// (`kCAFilterTrilinear`). Same as `.linear` when magnifying. See `TextureResource+Mipmap`.
    case trilinear
}

/// What a texture gives outside its own pixels, where bilinear filtering reaches past them.
package enum TextureEdgeMode: Hashable, Sendable {
    /// The nearest edge texel (GL's clamp-to-edge): the quad's own edge is the only soft edge.
    case clamp
    /// Transparent black.
    case transparent
}

/// One drawing instruction of a render pass: something filling `rect` (in local space) drawn
/// with `state` (transform to the pass, opacity, clips). As Chromium viz's `DrawQuad`.
package struct DrawQuad: Sendable {
    /// What fills the quad.
    package enum Material: Sendable {
        /// `color` over all of `rect`.
        case solidColor(PremultipliedColor)
        /// `color` inside `rect` with rounded corners (a background with `cornerRadius`).
        case roundedRect(radii: CornerRadii, color: PremultipliedColor)
        /// A ring inside `rect`: between its rounded outline (`radii`) and the rectangle inset by
        /// `width` whose corner radii are `max(0, radius − width)` (a layer's border).
        case border(width: Double, radii: CornerRadii, color: PremultipliedColor)
        /// Pixels of `resource`: `sourceRect` (texture pixels, origin top-left, y down) is
        /// stretched onto `rect`. Texture row 0 lands on `rect.minY`.
        case texture(TextureResource, sourceRect: CGRect, filter: TextureFilter, edge: TextureEdgeMode)
        /// The result of another pass. Local space *is* that pass's space: its output pixel
        /// at (x, y) covers local [x, x+1) × [y, y+1); `rect` limits what is drawn.
        case renderPassOutput(RenderPassID)
        /// The result of pass `content` multiplied by the alpha of pass `mask` (a layer's
        /// `mask`); both passes share the quad's local space, as for `renderPassOutput`.
        case maskedPassOutput(RenderPassID, mask: RenderPassID)
        /// A vector path filled and/or stroked (`Vector/PathMaterial.swift`).
        case path(PathMaterial)
        /// A gradient over all of `rect` (`Vector/GradientMaterial.swift`).
        case gradient(GradientMaterial)
        /// A laid-out paragraph of text (`Vector/TextMaterial.swift`).
        case text(TextMaterial)
    }

    /// The area the quad fills, in local space.
    package var rect: CGRect
    package var material: Material
    package var state: SharedQuadState

    package init(rect: CGRect, material: Material, state: SharedQuadState = SharedQuadState()) {
        self.rect = rect; self.material = material; self.state = state
    }

    package static func solidColor(_ rect: CGRect, _ color: PremultipliedColor,
                                   state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .solidColor(color), state: state)
    }

    package static func roundedRect(_ rect: CGRect, radii: CornerRadii, _ color: PremultipliedColor,
                                    state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .roundedRect(radii: radii, color: color), state: state)
    }

    package static func border(_ rect: CGRect, width: Double, radii: CornerRadii = .zero,
                               _ color: PremultipliedColor,
                               state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .border(width: width, radii: radii, color: color), state: state)
    }

    /// A texture quad; `sourceRect` nil means the whole texture.
    package static func texture(_ rect: CGRect, _ resource: TextureResource, sourceRect: CGRect? = nil,
                                filter: TextureFilter = .linear, edge: TextureEdgeMode = .clamp,
                                state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        let source = sourceRect ?? CGRect(x: 0, y: 0, width: resource.width, height: resource.height)
        return DrawQuad(rect: rect, material: .texture(resource, sourceRect: source, filter: filter, edge: edge),
                        state: state)
    }

    package static func renderPassOutput(_ rect: CGRect, _ pass: RenderPassID,
                                         state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .renderPassOutput(pass), state: state)
    }

    package static func maskedPassOutput(_ rect: CGRect, _ pass: RenderPassID, mask: RenderPassID,
                                         state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .maskedPassOutput(pass, mask: mask), state: state)
    }

    package static func gradient(_ rect: CGRect, _ gradient: GradientMaterial,
                                 state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        DrawQuad(rect: rect, material: .gradient(gradient), state: state)
    }

    /// The passes this quad reads.
    var passDependencies: [RenderPassID] {
        switch material {
        case .renderPassOutput(let id): return [id]
        case .maskedPassOutput(let id, let mask): return [id, mask]
        default: return []
        }
    }
}
