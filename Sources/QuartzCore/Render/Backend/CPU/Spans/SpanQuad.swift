import CoreGraphics

/// A texture quad prepared for the span rasteriser (`SpanQuad+Draw`): its outline as four
/// half-planes in buffer pixels, the affine map from buffer pixels to texels, and the pixels
/// it may change. Built only for the cases the span path draws like cairo/pixman did (see
/// `init?`); every other quad keeps the cairo path.
struct SpanQuad {
    /// Inward unit normals and offsets of the edges (minY, maxX, maxY, minX of the local rect):
    /// `nx·x + ny·y + c` is the signed distance in buffer pixels, positive inside.
    var nx, ny, c: SIMD4<Double>
    /// Half the extent of a pixel square along each normal: a pixel whose centre is at least
    /// this far inside an edge is wholly inside it.
    var half: SIMD4<Double>
    /// 1 where the edge is drawn hard (cut at pixel centres), 0 where it is antialiased.
    var hard: SIMD4<Double>
    let texture: TextureResource
    let bilinear: Bool
    /// Texels outside `lo…hi` read as the nearest inside one (clamp) or as transparent.
    let clampToEdge: Bool
    let lo: SIMD2<Int>, hi: SIMD2<Int>
    /// Texel coordinates of buffer point (x, y): `u = ua·x + uc·y + ut`, `v = va·x + vc·y + vt`.
    let ua, uc, ut, va, vc, vt: Double
    /// The quad's opacity as an 8-bit mask value (cairo's conversion through 16 bits).
    let opacity8: UInt32
    /// Buffer pixels that may change: the quad's box within the drawable rows and the clip.
    let region: PixelRect

    /// Texel coordinates and map coefficients beyond these fall back to cairo (they would
    /// overflow the 16.16 fixed-point stepping).
    static let coordinateLimit = 1e9, stepLimit = 1e6

    /// nil when the quad is not one the span path draws: another blend mode, a rounded clip,
    /// a projective transform, trilinear minification, a fractional device clip, or numbers
    /// too large for its fixed point.
    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        guard q.blendMode == .sourceOver, q.roundedClip == nil, let m = q.transform.affine,
              case .texture(let texture, let source, let filter, let edge) = q.material else { return nil }
        if filter == .trilinear {
            // Magnified (or 1:1) trilinear is plain bilinear on level 0.
            let (lower, fraction) = texture.mipLevels(forMinification: CPUCompositor.minification(q, source: source))
            guard lower == 0, fraction == 0 else { return nil }
        }
        var area = drawable
        if let clip = q.clip {
            guard let pc = PixelRect(enclosing: clip), pc.cgRect == clip else { return nil }
            area = area.intersection(pc)
        }
        let r = q.rect
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
            .map { $0.applying(m) }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let box = PixelRect(enclosing: CGRect(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!,
                                                    width: 0, height: 0)
                .union(CGRect(x: corners.map(\.x).max()!, y: corners.map(\.y).max()!, width: 0, height: 0))
                .insetBy(dx: -1, dy: -1)) else { return nil }
        guard let edges = Self.halfPlanes(corners) else { return nil }
        (nx, ny, c) = edges
        half = 0.5 * (SIMD4(nx.indices.map { Swift.abs(edges.0[$0]) + Swift.abs(edges.1[$0]) }))
        let flags: [QuadEdges] = [.minY, .maxX, .maxY, .minX]
        hard = SIMD4(flags.map { q.aliasedEdges.contains($0) ? 1 : 0 })
        region = area.intersection(box)

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
    }

    /// Inward unit normals and offsets of the convex quad `p` (4 corners in order), or nil when
    /// an edge has no length.
    static func halfPlanes(_ p: [CGPoint]) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)? {
        let cx = p.map { Double($0.x) }.reduce(0, +) / 4, cy = p.map { Double($0.y) }.reduce(0, +) / 4
        var nx = SIMD4<Double>(), ny = SIMD4<Double>(), c = SIMD4<Double>()
        for k in 0..<4 {
            let a = p[k], b = p[(k + 1) % 4]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9, len.isFinite else { return nil }
            var n = SIMD2(-dy / len, dx / len)
            var off = -(n.x * Double(a.x) + n.y * Double(a.y))
            if n.x * cx + n.y * cy + off < 0 { n = -n; off = -off }
            nx[k] = n.x; ny[k] = n.y; c[k] = off
        }
        return (nx, ny, c)
    }
}
