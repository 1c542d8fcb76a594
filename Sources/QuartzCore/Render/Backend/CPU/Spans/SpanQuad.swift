import CoreGraphics

/// A texture quad prepared for the span rasteriser (`SpanQuad+Draw`): its outline
/// (`SpanOutline`: four half-planes in buffer pixels and the pixels it may change) and the
/// affine map from buffer pixels to texels. Built only for the cases the span path draws like cairo/pixman did (see
/// `init?`); every other quad keeps the cairo path.
struct SpanQuad {
    /// The quad's outline, its hard edges and the pixels it may change.
    let outline: SpanOutline
    /// The rounded clip's round corners, if it has any (`SpanCorners`).
    let corners: SpanCorners?
    let texture: TextureResource
    let bilinear: Bool
    /// Texels outside `lo…hi` read as the nearest inside one (clamp) or as transparent.
    let clampToEdge: Bool
    let lo: SIMD2<Int>, hi: SIMD2<Int>
    /// Texel coordinates of buffer point (x, y): `u = ua·x + uc·y + ut`, `v = va·x + vc·y + vt`.
    let ua, uc, ut, va, vc, vt: Double
    /// The quad's opacity as an 8-bit mask value (cairo's conversion through 16 bits).
    let opacity8: UInt32
    /// OVER, or a mode drawn by `SpanBlend+Quad`.
    let blendMode: BlendMode
    var region: PixelRect { outline.region }

    /// Texel coordinates and map coefficients beyond these fall back to cairo (they would
    /// overflow the 16.16 fixed-point stepping).
    static let coordinateLimit = 1e9, stepLimit = 1e6

    /// nil when the quad is not one the span path draws: a blend mode it leaves to cairo
    /// (`BlendMode.spanDrawable`), a rounded clip with large continuous corners, a projective
    /// transform, trilinear minification, a fractional device clip, or numbers
    /// too large for its fixed point.
    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        guard q.blendMode.spanDrawable, let m = q.transform.affine,
              case .texture(let texture, let source, let filter, let edge) = q.material else { return nil }
        if filter == .trilinear {
            // Magnified (or 1:1) trilinear is plain bilinear on level 0.
            let (lower, fraction) = texture.mipLevels(forMinification: CPUCompositor.minification(q, source: source))
            guard lower == 0, fraction == 0 else { return nil }
        }
        guard let area = SpanOutline.area(q, drawable: drawable), let shape = Self.shape(q),
              let outline = SpanOutline(shape.rect, m, aliased: shape.hard, alsoSoft: shape.both, area: area)
        else { return nil }
        self.outline = outline
        let corners = SpanCorners(q.roundedClip, local: shape.sampled, m)
        // Large continuous corners stay cairo's (`SpanCorners.isCompact`); circular clips of any size were spans already.
        if let corners, !corners.isCompact, q.roundedClip?.radii.isContinuous == true { return nil }
        self.corners = corners
        let region = outline.region
        let r = q.rect

        // Buffer → local → texel.
        let inv = m.inverted()
        let sx = Double(source.width / r.width), sy = Double(source.height / r.height)
        let ox = Double(source.minX) - sx * Double(r.minX), oy = Double(source.minY) - sy * Double(r.minY)
        ua = sx * Double(inv.a); uc = sx * Double(inv.c); ut = sx * Double(inv.tx) + ox
        va = sy * Double(inv.b); vc = sy * Double(inv.d); vt = sy * Double(inv.ty) + oy
        guard [ua, uc, va, vc].allSatisfy({ $0.isFinite && abs($0) <= Self.stepLimit }) else { return nil }
        for (x, y) in [(region.x, region.y), (region.x + region.width, region.y),
                       (region.x, region.y + region.height), (region.x + region.width, region.y + region.height)] {
            let u = ua * Double(x) + uc * Double(y) + ut, v = va * Double(x) + vc * Double(y) + vt
            guard abs(u) <= Self.coordinateLimit, abs(v) <= Self.coordinateLimit else { return nil }
        }

        self.texture = texture
        bilinear = filter != .nearest
        clampToEdge = edge == .clamp
        // As the cairo path: clamp at the source rectangle's whole-pixel edges.
        let full = PixelRect(x: 0, y: 0, width: texture.width, height: texture.height)
        var bounds = full
        if clampToEdge, let sub = PixelRect(enclosing: source.intersection(full.cgRect)) { bounds = sub }
        lo = SIMD2(bounds.x, bounds.y)
        hi = SIMD2(bounds.x + bounds.width - 1, bounds.y + bounds.height - 1)
        opacity8 = UInt32(min(max(q.opacity, 0), 1) * 65535 + 0.5) >> 8
        blendMode = q.blendMode
    }
}
