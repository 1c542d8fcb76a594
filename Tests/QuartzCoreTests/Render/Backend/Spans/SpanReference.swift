import CoreGraphics
@testable import QuartzCore

/// A slow, plainly written model of what the span rasteriser draws, in Double: coverage by
/// 16 × 16 point samples per pixel against the local rect (hard edges by the pixel centre),
/// the texture sampled at the pixel centre (bilinear around texel centres, or the texel
/// containing the point), premultiplied OVER.
struct SpanReference {
    let q: ResolvedQuad
    /// Buffer pixels to local space (projective for a quad under perspective).
    let inverse: ProjectiveTransform

    init(_ q: ResolvedQuad) {
        self.q = q
        inverse = q.transform.inverted()!
    }

    /// The local point of buffer point (x, y); none (infinitely far) beyond the horizon of a
    /// quad under perspective, where the points' preimages are behind the eye.
    func local(_ x: Double, _ y: Double) -> CGPoint {
        let h = inverse.homogeneous(x: x, y: y)
        guard h.w > 0 else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// Fraction of pixel (x, y) inside the quad.
    func coverage(_ x: Int, _ y: Int) -> Double {
        let r = q.rect, e = q.aliasedEdges
        let c = local(Double(x) + 0.5, Double(y) + 0.5)
        if e.contains(.minX) && c.x < r.minX || e.contains(.maxX) && c.x > r.maxX
            || e.contains(.minY) && c.y < r.minY || e.contains(.maxY) && c.y > r.maxY { return 0 }
        // Wholly inside or wholly outside one soft edge: no need to sample.
        let corners = [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map { local(Double(x) + $0.0, Double(y) + $0.1) }
        if corners.allSatisfy({ r.contains($0) && $0.x < r.maxX && $0.y < r.maxY && inRoundedClip($0) }) { return 1 }
        if !e.contains(.minX) && corners.allSatisfy({ $0.x < r.minX })
            || !e.contains(.maxX) && corners.allSatisfy({ $0.x > r.maxX })
            || !e.contains(.minY) && corners.allSatisfy({ $0.y < r.minY })
            || !e.contains(.maxY) && corners.allSatisfy({ $0.y > r.maxY }) { return 0 }
        var inside = 0
        for i in 0..<16 { for j in 0..<16 {
            let p = local(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16)
            if (e.contains(.minX) || p.x >= r.minX) && (e.contains(.maxX) || p.x <= r.maxX)
                && (e.contains(.minY) || p.y >= r.minY) && (e.contains(.maxY) || p.y <= r.maxY)
                && inRoundedClip(p) { inside += 1 }
        } }
        return Double(inside) / 256
    }

    /// Whether local point `p` is inside the rounded clip (always, without one): its rectangle
    /// less, at each corner, the part of the corner square outside the circle of its radius.
    func inRoundedClip(_ p: CGPoint) -> Bool {
        guard let rc = q.roundedClip else { return true }
        let c = rc.rect.standardized
        guard p.x >= c.minX, p.x <= c.maxX, p.y >= c.minY, p.y <= c.maxY else { return false }
        let r = rc.radii.fitted(width: Double(c.width), height: Double(c.height))
        let corners = [(r.minXMinY, c.minX, c.minY), (r.maxXMinY, c.maxX, c.minY),
                       (r.maxXMaxY, c.maxX, c.maxY), (r.minXMaxY, c.minX, c.maxY)]
        for (radius, x, y) in corners where radius > 0 {
            // The disc's centre is `radius` in from the corner along both sides.
            let cx = x == c.minX ? Double(x) + radius : Double(x) - radius
            let cy = y == c.minY ? Double(y) + radius : Double(y) - radius
            let inSquare = abs(Double(p.x) - Double(x)) < radius && abs(Double(p.y) - Double(y)) < radius
            let dx = Double(p.x) - cx, dy = Double(p.y) - cy
            if inSquare, dx * dx + dy * dy > radius * radius { return false }
        }
        return true
    }

    /// Texel coordinates of the centre of pixel (x, y).
    func texelPoint(_ x: Int, _ y: Int) -> (Double, Double) {
        guard case .texture(_, let s, _, _) = q.material else { return (0, 0) }
        let l = local(Double(x) + 0.5, Double(y) + 0.5)
        return (Double(s.minX) + Double((l.x - q.rect.minX) / q.rect.width * s.width),
                Double(s.minY) + Double((l.y - q.rect.minY) / q.rect.height * s.height))
    }

    /// Premultiplied (a, r, g, b) in 0…1 of the texture at the centre of pixel (x, y).
    func sample(_ x: Int, _ y: Int) -> [Double] {
        guard case .texture(let t, let s, let filter, let edge) = q.material else { return [0, 0, 0, 0] }
        // Clamped reads stop at the whole pixels around the source rectangle.
        var x0 = 0, y0 = 0, x1 = t.width - 1, y1 = t.height - 1
        if edge == .clamp {
            let b = s.intersection(CGRect(x: 0, y: 0, width: t.width, height: t.height))
            if !b.isNull, b.width > 0, b.height > 0 {
                x0 = Int(b.minX.rounded(.down)); y0 = Int(b.minY.rounded(.down))
                x1 = Int(b.maxX.rounded(.up)) - 1; y1 = Int(b.maxY.rounded(.up)) - 1
            }
        }
        func texel(_ i: Int, _ j: Int) -> [Double] {
            var i = i, j = j
            if edge == .clamp { i = min(max(i, x0), x1); j = min(max(j, y0), y1) }
            else if i < x0 || i > x1 || j < y0 || j > y1 { return [0, 0, 0, 0] }
            return Self.channels(t.word(x: i, y: j))
        }
        let (u, v) = texelPoint(x, y)
        if filter == .nearest { return texel(Int(u.rounded(.up)) - 1, Int(v.rounded(.up)) - 1) }
        let fu = u - 0.5, fv = v - 0.5
        let i = Int(fu.rounded(.down)), j = Int(fv.rounded(.down))
        let a = fu - Double(i), b = fv - Double(j)
        let (tl, tr, bl, br) = (texel(i, j), texel(i + 1, j), texel(i, j + 1), texel(i + 1, j + 1))
        return (0..<4).map { k in
            tl[k] * (1 - a) * (1 - b) + tr[k] * a * (1 - b) + bl[k] * (1 - a) * b + br[k] * a * b
        }
    }

    /// (a, r, g, b) of a pixel word, 0…1.
    static func channels(_ w: UInt32) -> [Double] {
        [24, 16, 8, 0].map { (shift: UInt32) in Double((w >> shift) & 0xFF) / 255 }
    }

    /// The pixel word after drawing over `d`, clipped to `clip` (buffer pixels).
    func over(_ d: UInt32, _ x: Int, _ y: Int, coverage: Double) -> UInt32 {
        if let c = q.clip, !c.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { return d }
        let k = coverage * q.opacity
        guard k > 0 else { return d }
        let s = sample(x, y)
        let dst = Self.channels(d)
        let out = (0..<4).map { min(1, s[$0] * k + dst[$0] * (1 - s[0] * k)) }
        var word: UInt32 = 0
        for (k, v) in out.enumerated() {
            let channel = UInt32((v * 255).rounded())
            word |= channel << UInt32(24 - 8 * k)
        }
        return word
    }
}
