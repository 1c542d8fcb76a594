import CQuartzCairo
import CoreGraphics
import Foundation

/// The vector materials (path, gradient, text) drawn with cairo under the quad's own affine
/// transform, so edges are computed at device resolution whatever the scale (never a bitmap
/// scaled up). Projective quads reach here through `drawProjective`'s intermediate image,
/// drawn at the local scale and then warped. Each material is cut to the quad's `rect` and
/// rounded clip, and multiplied by its opacity as one group.
extension CPUCompositor {
    /// Draws a vector material; the current matrix is the quad's and the device clip is set.
    func drawVector(_ q: ResolvedQuad, cr: OpaquePointer) {
        switch q.material {
        case .path(let m):
            clipToQuad(q, cr)
            let group = q.opacity < 1 && m.fill != nil && m.stroke != nil
            if group { cairo_push_group(cr) }
            Self.paint(m, cr: cr, alpha: group ? 1 : q.opacity)
            if group { cairo_pop_group_to_source(cr); cairo_identity_matrix(cr); cairo_paint_with_alpha(cr, q.opacity) }
        case .gradient(let g):
            guard let m = q.transform.affine, let inverse = q.transform.inverted() else { return }
            // Computed per device pixel over the part of the quad the clip lets through.
            cairo_identity_matrix(cr)
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
            let clipBox = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            guard let box = PixelRect(enclosing: q.rect.applying(m).intersection(clipBox)),
                  let image = Self.rasterize(g, box: box, deviceToLocal: inverse),
                  let surface = image.makeCairoSurface() else { return }
            defer { cairo_surface_destroy(surface) }
            cairo_set_source_surface(cr, surface, Double(box.x), Double(box.y))
            cairoSetMatrix(cr, m)
            clipToQuad(q, cr)
            cairo_paint_with_alpha(cr, q.opacity)
        case .text(let t):
            clipToQuad(q, cr)
            cairo_translate(cr, Double(t.origin.x), Double(t.origin.y))
            t.block.paint(cairo: cr, alpha: q.opacity, color: t.color?.cgColor, tint: t.tint?.cgColor)
        default:
            return
        }
    }

    /// Clips to the quad's rounded clip and its rect (aliased edges hard).
    private func clipToQuad(_ q: ResolvedQuad, _ cr: OpaquePointer) {
        if let rc = q.roundedClip { cairoRoundedRectangle(cr, rc.rect, rc.radii); cairo_clip(cr) }
        if q.aliasedEdges.isEmpty { cairoRectangle(cr, q.rect); cairo_clip(cr) } else { clipEdges(q, cr) }
    }

    /// Fills then strokes `m` in the current user space, colours multiplied by `alpha`. A path
    /// with a non-finite point draws nothing (it would put cairo's context in an error state),
    /// nor one reaching past ±2²² device pixels (cairo's 24.8 fixed point wraps there and would
    /// draw it mirrored; `CAShapeLayer.path` reports such paths). Stroked lines shorter than
    /// 1/16 device pixel are merged first, because cairo's stroker rounds them to its 1/256
    /// grid and their joins would spike out (a polygon of a million segments).
    static func paint(_ m: PathMaterial, cr: OpaquePointer, alpha: Double) {
        let (finite, length) = PathMaterial.controlPolygon(m.path)
        guard finite, withinFixedPointRange(m.path.boundingBoxOfPath, cr) else { return }
        cairo_new_path(cr)
        if let f = m.fill, f.color.isFinite {
            cairoAddPath(cr, m.path)
            cairo_set_fill_rule(cr, f.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairoSetColor(cr, f.color, opacity: alpha)
            cairo_fill(cr)
        }
        guard let s = m.stroke, s.color.isFinite, s.width.isFinite, s.width > 0 else { return }
        var ux = 1.0 / 16, uy = 0.0, vx = 0.0, vy = 1.0 / 16
        cairo_device_to_user_distance(cr, &ux, &uy)
        cairo_device_to_user_distance(cr, &vx, &vy)
        let stroked = m.path.trimmed(from: m.trimStart, to: m.trimEnd)
            .mergingShortLines(shorterThan: min(hypot(ux, uy), hypot(vx, vy)))
        guard !stroked.isEmpty else { return }
        cairoAddPath(cr, stroked)
        cairo_set_line_width(cr, s.width)
        let cap: cairo_line_cap_t = switch s.cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        default: CAIRO_LINE_CAP_BUTT
        }
        let join: cairo_line_join_t = switch s.join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        default: CAIRO_LINE_JOIN_MITER
        }
        cairo_set_line_cap(cr, cap)
        cairo_set_line_join(cr, join)
        cairo_set_miter_limit(cr, s.miterLimit.isFinite ? max(s.miterLimit, 1) : 10)
        if let dashes = s.dashes(alongLength: length) {
            cairo_set_dash(cr, dashes, Int32(dashes.count), s.dashPhase.isFinite ? s.dashPhase : 0)
        }
        cairoSetColor(cr, s.color, opacity: alpha)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Whether `box` (user space) maps inside ±2²² device pixels.
    private static func withinFixedPointRange(_ box: CGRect, _ cr: OpaquePointer) -> Bool {
        guard !box.isNull else { return true }
        let limit = Double(1 << 22)
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            var dx = Double(x), dy = Double(y)
            cairo_user_to_device(cr, &dx, &dy)
            guard abs(dx) <= limit, abs(dy) <= limit else { return false }
        }
        return true
    }

    /// The gradient's colour at each pixel centre of `box` (device pixels), premultiplied.
    static func rasterize(_ g: GradientMaterial, box: PixelRect, deviceToLocal: ProjectiveTransform) -> TextureResource? {
        let stops = g.stops
        guard !stops.isEmpty, let image = TextureResource(zeroedWidth: box.width, height: box.height) else { return nil }
        let fallback = PixelBuffer.word(stops[0].1)
        for j in 0..<box.height {
            let row = (image.base + j * image.stride).assumingMemoryBound(to: UInt32.self)
            for i in 0..<box.width {
                guard let p = deviceToLocal.map(CGPoint(x: Double(box.x + i) + 0.5, y: Double(box.y + j) + 0.5)),
                      let t = g.parameter(x: Double(p.x), y: Double(p.y)) else { row[i] = fallback; continue }
                row[i] = PixelBuffer.word(g.color(at: t, stops: stops))
            }
        }
        return image
    }
}

/// Adds `path` to cairo's current path, in the current user space.
func cairoAddPath(_ cr: OpaquePointer, _ path: CGPath) {
    path.applyWithBlock { e in
        let p = e.pointee.points
        switch e.pointee.type {
        case .moveToPoint: cairo_move_to(cr, Double(p[0].x), Double(p[0].y))
        case .addLineToPoint: cairo_line_to(cr, Double(p[0].x), Double(p[0].y))
        case .addQuadCurveToPoint:
            // The cubic through the same curve: control points 2/3 of the way to the quad's.
            var x0 = 0.0, y0 = 0.0
            cairo_get_current_point(cr, &x0, &y0)
            let cx = Double(p[0].x), cy = Double(p[0].y), x = Double(p[1].x), y = Double(p[1].y)
            cairo_curve_to(cr, x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
                           x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
        case .addCurveToPoint:
            cairo_curve_to(cr, Double(p[0].x), Double(p[0].y), Double(p[1].x), Double(p[1].y),
                           Double(p[2].x), Double(p[2].y))
        case .closeSubpath: cairo_close_path(cr)
        }
    }
}
