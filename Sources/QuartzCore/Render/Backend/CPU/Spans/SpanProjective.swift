import CoreGraphics

/// A texture quad under perspective prepared for the span loops (`SpanProjective+Draw`).
/// A rectangle whose four corners are in front of the eye (w > 0) projects to a convex quad,
/// so its outline and edge coverage are the affine quads' (`SpanOutline`, `SpanEdges`); what
/// differs is the texel map: per row, the homogeneous texel coordinates (U, V, W) are linear
/// in x and a pixel samples (U/W, V/W). Built only where the span path draws it; other
/// projective quads keep pixman's warp (`CPUCompositor+Projective`): a corner on or behind
/// the eye's plane, another blend mode, a rounded clip, a fractional device clip, another
/// material, corners beyond `coordinateLimit`.
struct SpanProjective {
    let outline: SpanOutline
    /// The image read: the texture, or for trilinear the mip level nearest the minification
    /// at the quad's centre (as the warp picks it).
    let image: TextureResource
    let bilinear: Bool
    /// Texels outside `lo…hi` read as the nearest inside one (clamp) or as transparent.
    let clampToEdge: Bool
    let lo: SIMD2<Int>, hi: SIMD2<Int>
    /// Homogeneous texel coordinates of buffer point (x, y): `U = ua·x + uc·y + ut`, and V, W
    /// likewise; the texel is (U/W, V/W). Scaled so that W is 1 at the quad's centre; W > 0
    /// wherever the quad is.
    let ua, uc, ut, va, vc, vt, wa, wc, wt: Double
    /// The quad's opacity as an 8-bit mask value (as `SpanQuad.opacity8`).
    let opacity8: UInt32
    var region: PixelRect { outline.region }

    /// Projected corners beyond this many pixels keep the warp (the outline's Double offsets
    /// would lose their sub-pixel precision).
    static let coordinateLimit = 1e7
    /// A corner whose w is below this fraction of the corners' largest homogeneous coordinate
    /// counts as on the eye's plane (as `ProjectiveTransform.outline` clips).
    static let frontLimit = 1e-6

    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        let t = q.transform, r = q.rect
        guard q.blendMode == .sourceOver, q.roundedClip == nil, !t.isAffine,
              case .texture(let texture, let source, let filter, let edge) = q.material,
              source.width > 0, source.height > 0, let area = SpanOutline.area(q, drawable: drawable) else { return nil }
        let h = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)]
            .map { t.homogeneous(x: Double($0.0), y: Double($0.1)) }
        let size = h.map { max(abs($0.x), abs($0.y), abs($0.w)) }.max() ?? 0
        guard size.isFinite, size > 0, h.allSatisfy({ $0.w >= Self.frontLimit * size }) else { return nil }
        let corners = h.map { CGPoint(x: $0.x / $0.w, y: $0.y / $0.w) }
        guard corners.allSatisfy({ abs($0.x) <= Self.coordinateLimit && abs($0.y) <= Self.coordinateLimit }),
              let outline = SpanOutline(corners: corners, aliased: q.aliasedEdges, area: area) else { return nil }
        self.outline = outline

        var level = 0
        if filter == .trilinear {
            let (lower, fraction) = texture.mipLevels(forMinification: CPUCompositor.minification(q, source: source))
            level = fraction >= 0.5 ? lower + 1 : lower
        }
        image = texture.mipLevel(level)
        let kx = Double(image.width) / Double(texture.width), ky = Double(image.height) / Double(texture.height)
        // Buffer → local → texel of the level read.
        let toTexel = ProjectiveTransform.translation(x: -Double(r.minX), y: -Double(r.minY))
            .concatenating(.scale(x: Double(source.width / r.width) * kx, y: Double(source.height / r.height) * ky))
            .concatenating(.translation(x: Double(source.minX) * kx, y: Double(source.minY) * ky))
        guard let inverse = t.inverted() else { return nil }
        let m = inverse.concatenating(toTexel)
        let cx = corners.map { Double($0.x) }.reduce(0, +) / 4, cy = corners.map { Double($0.y) }.reduce(0, +) / 4
        let w = cx * m.m13 + cy * m.m23 + m.m33
        guard w > 0, w.isFinite else { return nil }
        let k = 1 / w
        ua = m.m11 * k; uc = m.m21 * k; ut = m.m31 * k
        va = m.m12 * k; vc = m.m22 * k; vt = m.m32 * k
        wa = m.m13 * k; wc = m.m23 * k; wt = m.m33 * k
        guard [ua, uc, ut, va, vc, vt, wa, wc, wt].allSatisfy(\.isFinite) else { return nil }

        bilinear = filter != .nearest
        clampToEdge = edge == .clamp
        // As the affine span path: clamp at the source rectangle's whole-pixel edges.
        let full = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        var bounds = full
        let scaled = CGRect(x: source.minX * kx, y: source.minY * ky, width: source.width * kx, height: source.height * ky)
        if clampToEdge, let sub = PixelRect(enclosing: scaled.intersection(full.cgRect)), !sub.isEmpty { bounds = sub }
        lo = SIMD2(bounds.x, bounds.y)
        hi = SIMD2(bounds.x + bounds.width - 1, bounds.y + bounds.height - 1)
        opacity8 = UInt32(min(max(q.opacity, 0), 1) * 65535 + 0.5) >> 8
    }
}

extension TexelSource {
    init(_ p: SpanProjective) {
        base = UnsafeRawPointer(p.image.base); stride = p.image.stride
        lo = SIMD2(Int64(p.lo.x), Int64(p.lo.y)); hi = SIMD2(Int64(p.hi.x), Int64(p.hi.y))
        clamp = p.clampToEdge; bilinear = p.bilinear
    }
}
