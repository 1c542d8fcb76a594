import CoreGraphics

/// The round corners of the shape a span quad draws, in the quad's local space, for the span
/// loops: up to two rounded rectangles (a rounded rect's own corners and its rounded clip's,
/// `ResolvedQuad.roundedClip`), circular or continuous (`SpanRoundedCurve`), fitted as
/// `cairoRoundedRectangle` fits them. The straight sides are the outline's
/// (`SpanOutline`); what is left is, at each corner, the part of its corner square that the
/// corner cuts. A row's interior run keeps clear of the corner squares (`interior`), and an
/// edge pixel near a corner's curve gets cairo's coverage of the shape as cairo flattens it
/// (`coverage8`, `SpanCurvePolygon`).
struct SpanCorners {
    /// Buffer pixels → local space.
    let inverse: CGAffineTransform
    /// The local rectangle drawn (the quad's rect within the clip's).
    let local: CGRect
    /// Per corner: the corner point, the signs of the directions into the rectangle, 1 / radius
    /// and whether it is continuous (1) or circular (0).
    var px = SIMD8<Double>(), py = SIMD8<Double>(), ix = SIMD8<Double>(), iy = SIMD8<Double>()
    var inv = SIMD8<Double>(), continuous = SIMD8<Double>()
    /// How many corners are set (those with a radius).
    var count = 0
    /// Half the diagonal of a pixel, in local units: farther than this from a curve, a pixel
    /// is wholly on one side of it.
    let reach: Double
    /// The shapes as cairo flattens them, cut to `local`, for the pixels near a curve; nil when
    /// they leave nothing.
    private(set) var polygon: SpanCurvePolygon?
    /// Each corner's square in buffer pixels, one pixel out.
    var zones = InlineArray<8, PixelRect>(repeating: PixelRect(x: 0, y: 0, width: 0, height: 0))

    /// nil when neither shape has a round corner (the rectangle is then the whole story).
    /// A shape's radii are fitted to its rect; NaN and negative radii are square corners.
    init?(_ first: RoundedRect?, _ second: RoundedRect? = nil, local: CGRect, _ m: CGAffineTransform) {
        inverse = m.inverted()
        self.local = local
        let a = Double(inverse.a), b = Double(inverse.b), c = Double(inverse.c), d = Double(inverse.d)
        reach = 0.5 * max(((a + c) * (a + c) + (b + d) * (b + d)).squareRoot(),
                          ((a - c) * (a - c) + (b - d) * (b - d)).squareRoot())
        for shape in [first, second] { if let shape { add(shape, m) } }
        guard count > 0 else { return nil }
        polygon = SpanCurvePolygon([first, second].compactMap { $0 }, local: local, m)
    }

    private mutating func add(_ shape: RoundedRect, _ m: CGAffineTransform) {
        let c = shape.rect.standardized
        let radii = shape.radii.fitted(width: Double(c.width), height: Double(c.height))
        let x0 = Double(c.minX), y0 = Double(c.minY), x1 = Double(c.maxX), y1 = Double(c.maxY)
        let span = radii.isContinuous ? ContinuousCorner.extent : 1
        let corners = [(radii.minXMinY, x0, y0, 1.0, 1.0), (radii.maxXMinY, x1, y0, -1, 1),
                       (radii.maxXMaxY, x1, y1, -1, -1), (radii.minXMaxY, x0, y1, 1, -1)]
        for (r, x, y, sx, sy) in corners where r > 0 && r.isFinite && count < 8 {
            let k = count
            px[k] = x; py[k] = y; ix[k] = sx; iy[k] = sy; inv[k] = 1 / r
            continuous[k] = radii.isContinuous ? 1 : 0
            let w = r * span
            let square = CGRect(x: sx > 0 ? x : x - w, y: sy > 0 ? y : y - w, width: w, height: w)
                .applying(m).insetBy(dx: -1, dy: -1)
            if let z = PixelRect(enclosing: square) { zones[k] = z }
            count += 1
        }
    }

    /// Whether every corner square is at most `compactSide` pixels a side. Each row's pixels
    /// in a corner square go through the per-pixel edge loop, so large radii (a 150-pixel
    /// corner has 22,500 such pixels, a frame's worth of time) are left to cairo for now.
    var isCompact: Bool {
        (0..<count).allSatisfy { zones[$0].width <= Self.compactSide && zones[$0].height <= Self.compactSide }
    }
    static let compactSide = 40

    /// `inner` less the columns of row `y` that a corner square may reach (a corner square
    /// touches the ends of the row's span, so what is cut is an end).
    func interior(row y: Int, _ inner: Range<Int>) -> Range<Int> {
        var lo = inner.lowerBound, hi = inner.upperBound
        for k in 0..<count {
            let z = zones[k]
            guard !z.isEmpty, y >= z.y, y < z.y + z.height, z.x < hi, z.x + z.width > lo else { continue }
            if z.x - lo <= hi - (z.x + z.width) { lo = max(lo, z.x + z.width) } else { hi = min(hi, z.x) }
        }
        return lo < hi ? lo..<hi : lo..<lo
    }

    /// Whether corner k cuts local point (x, y) (in its corner square and beyond its curve).
    @inline(__always) func cuts(_ k: Int, _ x: Double, _ y: Double) -> Bool {
        cuts(k, a: (x - px[k]) * ix[k] * inv[k], b: (y - py[k]) * iy[k] * inv[k])
    }

    @inline(__always) func cuts(_ k: Int, a: Double, b: Double) -> Bool {
        continuous[k] == 0 ? SpanRoundedCurve.circularCuts(a, b) : SpanRoundedCurve.continuousCuts(a, b)
    }

    /// The coverage of pixel (x, y), given `straight` (0…255) by the outline alone: the same
    /// where no curve is within reach, 0 where the pixel is wholly cut by a corner, cairo's
    /// coverage of its flattened shape between (`SpanCurvePolygon`). The pixel lies within
    /// `reach` of its centre, so within the square of half side ρ = reach / r around it in a
    /// corner's frame: as a corner cuts a down-set, the square is wholly cut when its far point
    /// is, wholly kept when its near point is. ρ is widened by `flatteningMargin` for the near
    /// point, as cairo's chords lie inside the curve.
    func coverage8(_ straight: UInt32, x: Int, y: Int) -> UInt32 {
        let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
        var near = false
        for k in 0..<count {
            let a = (Double(p.x) - px[k]) * ix[k] * inv[k], b = (Double(p.y) - py[k]) * iy[k] * inv[k]
            let rho = reach * inv[k]
            if !cuts(k, a: a - rho * Self.flatteningMargin, b: b - rho * Self.flatteningMargin) { continue }
            if cuts(k, a: a + rho, b: b + rho) { return 0 }
            near = true
        }
        guard near else { return straight }
        guard let polygon else { return 0 }
        return min(straight, polygon.coverage8(x: x, y: y))
    }

    /// How much wider than a pixel's reach the band near a curve is: cairo's chords lie up to
    /// its tolerance (0.1 pixel) inside the curve, well within 0.3 of a half diagonal (0.7 pixel).
    static let flatteningMargin = 1.3
}
