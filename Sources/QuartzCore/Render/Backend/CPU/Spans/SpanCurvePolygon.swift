import CQuartzCairo
import CoreGraphics

/// The polygon cairo fills for a shape with round corners, for the span loops' pixels near a
/// curve (`SpanCorners.coverage8`), and its coverage the way cairo's scan converter computes it.
///
/// cairo never fills the curve itself: it flattens each arc or Bézier to chords within its
/// tolerance (0.1 device pixel), which lie up to that far inside the curve, and its
/// antialiasing scan converter samples every pixel row on 15 sub-rows, each with the exact
/// horizontal extent of the polygon. Along an arc the chords' sagitta alone moves a pixel's
/// coverage by up to 13/255 against the true circle, far more than sampling the true curve
/// finely can recover; so the polygons here are the ones cairo itself builds (`cairo_copy_path_flat`
/// of `cairoRoundedRectangle` under the quad's matrix), within the drawn rectangle, and a
/// pixel's coverage is the mean over the same 15 sub-rows, at their centres, of the pixel's
/// part of the shape's span on that sub-row.
struct SpanCurvePolygon {
    /// Each polygon (the drawn rectangle, then each shape as cairo flattens it) as its two
    /// y-monotone chains in buffer pixels, from its top vertex to its bottom one. The drawn
    /// shape is their intersection, so a sub-row's span is the intersection of theirs. (Cutting
    /// one polygon by the others' edges instead would be fragile: cairo's points are rounded
    /// to 1/256 pixel, so a chord of a few 256ths can point well off its neighbours, and its
    /// line, extended across the shape, would cut away real parts of it.)
    let chains: [(a: [SIMD2<Double>], b: [SIMD2<Double>])]
    /// Sub-rows per pixel row (cairo's `GRID_Y`).
    static let subRows = 15

    /// nil when a shape cannot be flattened or the numbers are not finite.
    init?(_ shapes: [RoundedRect], local: CGRect, _ m: CGAffineTransform) {
        let r = local.standardized
        let rect = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                    CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
            .map { p in let d = p.applying(m); return SIMD2(Double(d.x), Double(d.y)) }
        var polygons = [rect]
        for shape in shapes {
            guard let p = Self.flattened(shape, m), p.count >= 3 else { return nil }
            polygons.append(p)
        }
        guard polygons.allSatisfy({ $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else { return nil }
        chains = polygons.map(Self.chains)
    }

    /// `poly` split at its top and bottom vertices into two chains of non-decreasing y.
    private static func chains(_ poly: [SIMD2<Double>]) -> (a: [SIMD2<Double>], b: [SIMD2<Double>]) {
        var top = 0, bottom = 0
        for i in poly.indices {
            if poly[i].y < poly[top].y { top = i }
            if poly[i].y > poly[bottom].y { bottom = i }
        }
        let n = poly.count
        var a = [poly[top]], b = [poly[top]]
        var i = top
        while i != bottom { i = (i + 1) % n; a.append(poly[i]) }
        i = top
        while i != bottom { i = (i + n - 1) % n; b.append(poly[i]) }
        return (a, b)
    }

    /// Coverage (0…255) of pixel (x, y): the mean over the 15 sub-rows of the pixel's part of
    /// the shape's horizontal span there.
    func coverage8(x: Int, y: Int) -> UInt32 {
        var lo = SIMD16<Double>(repeating: Double(x)), hi = SIMD16<Double>(repeating: Double(x + 1))
        for (a, b) in chains {
            var ia = 0, ib = 0
            for s in 0..<Self.subRows where lo[s] < hi[s] {
                let ys = Double(y) + (Double(s) + 0.5) / Double(Self.subRows)
                guard let xa = Self.crossing(a, ys, &ia), let xb = Self.crossing(b, ys, &ib) else { hi[s] = lo[s]; continue }
                lo[s] = max(lo[s], min(xa, xb)); hi[s] = min(hi[s], max(xa, xb))
            }
        }
        var sum = 0.0
        for s in 0..<Self.subRows where hi[s] > lo[s] { sum += hi[s] - lo[s] }
        return UInt32((sum / Double(Self.subRows) * 255 + 0.5).rounded(.down))
    }

    /// x where `chain` (y non-decreasing) crosses height `y`, nil above or below it; `hint`
    /// is the segment to start from, left at the one found (sub-rows go down).
    @inline(__always) private static func crossing(_ chain: [SIMD2<Double>], _ y: Double, _ hint: inout Int) -> Double? {
        guard let first = chain.first, let last = chain.last, y >= first.y, y < last.y else { return nil }
        if hint == 0 {
            // Binary search for the last vertex at or above y.
            var lo = 0, hi = chain.count - 1
            while hi - lo > 1 { let mid = (lo + hi) / 2; if chain[mid].y <= y { lo = mid } else { hi = mid } }
            hint = lo
        }
        while hint + 2 < chain.count, chain[hint + 1].y <= y { hint += 1 }
        let p = chain[hint], q = chain[hint + 1]
        let dy = q.y - p.y
        return dy > 0 ? p.x + (q.x - p.x) * (y - p.y) / dy : max(p.x, q.x)
    }

    /// The polygon cairo flattens `shape` to under `m`, in buffer pixels.
    private static func flattened(_ shape: RoundedRect, _ m: CGAffineTransform) -> [SIMD2<Double>]? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairoSetMatrix(cr, m)
        cairoRoundedRectangle(cr, shape.rect.standardized, shape.radii)
        cairo_identity_matrix(cr)   // read the points back in device space
        guard let path = cairo_copy_path_flat(cr) else { return nil }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return nil }
        var points: [SIMD2<Double>] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = data[i].header
            if header.type == CAIRO_PATH_MOVE_TO || header.type == CAIRO_PATH_LINE_TO, i + 1 < count {
                let p = SIMD2(data[i + 1].point.x, data[i + 1].point.y)
                if points.last != p { points.append(p) }
            }
            i += max(Int(header.length), 1)
        }
        if points.count > 1, points.first == points.last { points.removeLast() }
        return points
    }
}
