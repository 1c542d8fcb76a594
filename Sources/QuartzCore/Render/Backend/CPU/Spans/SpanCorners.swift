import CoreGraphics

/// The round corners of a quad's rounded clip (`ResolvedQuad.roundedClip`, circular arcs in
/// the quad's local space, as `cairoRoundedRectangle` draws them) for the span loops. The clip's
/// straight sides are part of the outline (`SpanOutline.clipped`); what is left is, at each
/// corner, the part of the corner square outside its disc. A row's interior run keeps clear of
/// the corner squares (`interior`), and an edge pixel near an arc gets its coverage from 8 × 8
/// samples of the whole shape (`coverage8`).
struct SpanCorners {
    /// Buffer pixels → local space.
    let inverse: CGAffineTransform
    /// The local rectangle drawn (the quad's rect within the clip's).
    let local: CGRect
    /// Per corner (minXMinY, maxXMinY, maxXMaxY, minXMaxY): the disc's centre and radius, and
    /// the signs of the direction from the centre towards the corner.
    let cx, cy, r, sx, sy: SIMD4<Double>
    /// Half the diagonal of a pixel, in local units: farther than this from an arc, a pixel
    /// is wholly on one side of it.
    let reach: Double
    /// Each round corner's square in buffer pixels, one pixel out (empty without a radius).
    let zones: InlineArray<4, PixelRect>

    /// nil when the clip has no round corner (its rectangle is then the whole story) or they
    /// are continuous (left to cairo by the caller).
    init?(_ clip: RoundedRect, local: CGRect, _ m: CGAffineTransform) {
        let c = clip.rect.standardized
        let radii = clip.radii.fitted(width: Double(c.width), height: Double(c.height))
        guard !radii.isZero, !radii.isContinuous else { return nil }
        inverse = m.inverted()
        self.local = local
        let x0 = Double(c.minX), y0 = Double(c.minY), x1 = Double(c.maxX), y1 = Double(c.maxY)
        r = SIMD4(radii.minXMinY, radii.maxXMinY, radii.maxXMaxY, radii.minXMaxY)
        sx = SIMD4(-1, 1, 1, -1); sy = SIMD4(-1, -1, 1, 1)
        cx = SIMD4(x0 + r[0], x1 - r[1], x1 - r[2], x0 + r[3])
        cy = SIMD4(y0 + r[0], y0 + r[1], y1 - r[2], y1 - r[3])
        let a = Double(inverse.a), b = Double(inverse.b), cc = Double(inverse.c), d = Double(inverse.d)
        reach = 0.5 * max(((a + cc) * (a + cc) + (b + d) * (b + d)).squareRoot(),
                          ((a - cc) * (a - cc) + (b - d) * (b - d)).squareRoot())
        var zones = InlineArray<4, PixelRect>(repeating: PixelRect(x: 0, y: 0, width: 0, height: 0))
        for k in 0..<4 where r[k] > 0 {
            let square = CGRect(x: min(cx[k], cx[k] + sx[k] * r[k]), y: min(cy[k], cy[k] + sy[k] * r[k]),
                                width: r[k], height: r[k]).applying(m).insetBy(dx: -1, dy: -1)
            if let z = PixelRect(enclosing: square) { zones[k] = z }
        }
        self.zones = zones
    }

    /// `inner` less the columns of row `y` that a corner square may reach (a corner square
    /// touches the ends of the row's span, so what is cut is an end).
    func interior(row y: Int, _ inner: Range<Int>) -> Range<Int> {
        var lo = inner.lowerBound, hi = inner.upperBound
        for k in 0..<4 {
            let z = zones[k]
            guard !z.isEmpty, y >= z.y, y < z.y + z.height, z.x < hi, z.x + z.width > lo else { continue }
            if z.x - lo <= hi - (z.x + z.width) { lo = max(lo, z.x + z.width) } else { hi = min(hi, z.x) }
        }
        return lo < hi ? lo..<hi : lo..<lo
    }

    /// The coverage of pixel (x, y), given `straight` (0…255) by the outline alone: the same
    /// where no arc is within reach, 0 where the pixel is wholly outside a corner's disc,
    /// sampled between.
    func coverage8(_ straight: UInt32, x: Int, y: Int) -> UInt32 {
        let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
        var near = false
        for k in 0..<4 where r[k] > 0 {
            let dx = (Double(p.x) - cx[k]) * sx[k], dy = (Double(p.y) - cy[k]) * sy[k]
            guard dx > -reach, dy > -reach else { continue }
            let dist = (dx * dx + dy * dy).squareRoot()
            if dist <= r[k] - reach { continue }
            if dist >= r[k] + reach, dx >= reach, dy >= reach { return 0 }
            near = true
        }
        guard near else { return straight }
        var inside = 0
        for j in 0..<8 { for i in 0..<8 {
            let q = CGPoint(x: Double(x) + (Double(i) + 0.5) / 8, y: Double(y) + (Double(j) + 0.5) / 8).applying(inverse)
            if contains(Double(q.x), Double(q.y)) { inside += 1 }
        } }
        return min(straight, UInt32((inside * 255 + 32) / 64))
    }

    /// Whether local point (x, y) is inside the drawn rectangle and outside every corner's cut.
    func contains(_ x: Double, _ y: Double) -> Bool {
        guard x >= Double(local.minX), x <= Double(local.maxX), y >= Double(local.minY), y <= Double(local.maxY)
        else { return false }
        for k in 0..<4 where r[k] > 0 {
            let dx = (x - cx[k]) * sx[k], dy = (y - cy[k]) * sy[k]
            if dx > 0, dy > 0, dx * dx + dy * dy > r[k] * r[k] { return false }
        }
        return true
    }
}
