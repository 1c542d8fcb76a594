import CQuartzCairo
import CoreGraphics

/// A quad reduced to what the rasteriser draws: pass outputs have become textures and every
/// geometry is in the target buffer's pixels.
struct ResolvedQuad {
    enum Material {
        case solidColor(PremultipliedColor)
        case roundedRect(CornerRadii, PremultipliedColor)
        case border(width: Double, CornerRadii, PremultipliedColor)
        case texture(TextureResource, sourceRect: CGRect, filter: TextureFilter, edge: TextureEdgeMode)
        case path(PathMaterial)
        case gradient(GradientMaterial)
        case text(TextMaterial)
    }
    var rect: CGRect
    var material: Material
    /// Local space to buffer pixels.
    var transform: ProjectiveTransform
    var opacity: Double
    /// Buffer pixels.
    var clip: CGRect?
    var roundedClip: RoundedRect?
    var blendMode: BlendMode = .sourceOver
    /// Edges of `rect` drawn hard (see `SharedQuadState.aliasedEdges`).
    var aliasedEdges: QuadEdges = []
}

extension CPUCompositor {
    /// Draws `quads` (those at `indices`, ascending, when given) back to front into `target`.
    func drawQuads(_ quads: [DrawQuad], indices: [Int]? = nil, into target: RasterTarget,
                   outputs: [RenderPassID: PassOutput]) {
        guard let surface = cairoImageSurface(target.base, width: target.width, height: target.height,
                                              stride: target.stride) else { return }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface) }
        if target.drawable != target.bounds { cairoRectangle(cr, target.drawable.cgRect); cairo_clip(cr) }
        let band = target.drawable != target.bounds ? target.drawable.cgRect : nil
        for k in 0..<(indices?.count ?? quads.count) {
            let quad = quads[indices?[k] ?? k]
            guard var q = resolve(quad, in: target, outputs: outputs) else { continue }
            if let cached = cachedVector(q) ?? cachedResample(q) { q = cached }   // +VectorCache, +Resample
            // A band skips quads that cannot reach its rows (a box behind the eye is kept).
            if let band, let box = q.transform.boundingBox(of: q.rect),
               !box.insetBy(dx: -1, dy: -1).intersects(band) { continue }
            if q.blendMode == .plusDarker { drawPlusDarker(q, into: target, surface: surface); continue }
            if q.transform.isAffine {
                if !blit(q, into: target, cairoSurface: surface, keptTexture: quad.passDependencies.isEmpty && quad.state.tint == nil),
                   !drawSpans(q, into: target, cairoSurface: surface) { drawAffine(q, cr: cr) }
            } else {
                cairo_surface_flush(surface)
                drawProjective(q, into: target, cr: cr)
            }
        }
    }

    /// The quad in buffer pixels, or nil when it draws nothing or its numbers are unusable.
    func resolve(_ quad: DrawQuad, in target: RasterTarget, outputs: [RenderPassID: PassOutput]) -> ResolvedQuad? {
        let s = quad.state
        var rect = quad.rect.standardized
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite, s.transform.isFinite, s.opacity.isFinite else { return nil }
        let opacity = min(s.opacity, 1)
        // A singular transform squashes the quad to a line (nothing to draw) and would put
        // cairo's context into an error state for the quads after it.
        guard opacity > 0, s.transform.inverted() != nil else { return nil }
        let toBuffer = s.transform.concatenating(.translation(x: Double(-target.originX), y: Double(-target.originY)))
        var clip: CGRect?
        if let c = s.clip {
            let b = c.standardized.offsetBy(dx: CGFloat(-target.originX), dy: CGFloat(-target.originY))
                .intersection(target.bounds.cgRect)
            guard !b.isNull, b.width > 0, b.height > 0 else { return nil }
            clip = b
        }
        let material: ResolvedQuad.Material
        switch quad.material {
        case .solidColor(let c):
            guard c.isFinite else { return nil }
            material = .solidColor(c)
        case .roundedRect(let radii, let c):
            guard c.isFinite else { return nil }
            material = .roundedRect(radii, c)
        case .border(let width, let radii, let c):
            guard c.isFinite, width.isFinite, width > 0 else { return nil }
            material = .border(width: width, radii, c)
        case .texture(let t, let source, let filter, let edge):
            let src = source.standardized
            guard src.width > 0, src.height > 0, src.minX.isFinite, src.minY.isFinite,
                  src.maxX.isFinite, src.maxY.isFinite else { return nil }
            if let tint = s.tint {
                guard let (tinted, region) = t.tinted(tint, source: src) else { return nil }
                material = .texture(tinted, sourceRect: region, filter: filter, edge: edge)
            } else {
                material = .texture(t, sourceRect: src, filter: filter, edge: edge)
            }
        case .renderPassOutput(let id):
            guard let out = outputs[id], let r = Self.passRect(rect, out) else { return nil }
            rect = r
            material = .texture(out.texture, sourceRect: r.offsetBy(dx: CGFloat(-out.originX), dy: CGFloat(-out.originY)),
                                filter: .linear, edge: .transparent)
        case .path(let m):
            material = .path(m)
        case .gradient(let g):
            guard g.colors.allSatisfy(\.isFinite), g.start.x.isFinite, g.start.y.isFinite,
                  g.end.x.isFinite, g.end.y.isFinite else { return nil }
            material = .gradient(g)
        case .text(let t):
            guard t.color?.isFinite ?? true, t.tint?.isFinite ?? true, t.origin.x.isFinite, t.origin.y.isFinite else { return nil }
            material = .text(t)
        case .maskedPassOutput(let id, let maskID):
            guard let out = outputs[id], let mask = outputs[maskID], let r = Self.passRect(rect, out),
                  let masked = Self.masked(out, by: mask) else { return nil }
            rect = r
            material = .texture(masked, sourceRect: r.offsetBy(dx: CGFloat(-out.originX), dy: CGFloat(-out.originY)),
                                filter: .linear, edge: .transparent)
        }
        return ResolvedQuad(rect: rect, material: material, transform: toBuffer, opacity: opacity,
                            clip: clip, roundedClip: s.roundedClip, blendMode: s.blendMode,
                            aliasedEdges: s.aliasedEdges)
    }

    /// `rect` limited to the part of the pass's space that the pass's buffer covers.
    private static func passRect(_ rect: CGRect, _ out: PassOutput) -> CGRect? {
        let r = rect.intersection(CGRect(x: out.originX, y: out.originY,
                                         width: out.texture.width, height: out.texture.height))
        return r.isNull || r.width <= 0 || r.height <= 0 ? nil : r
    }
}
