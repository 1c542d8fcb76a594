import CoreGraphics

/// A solid quad's shapes as the cairo path fills them (`CPUCompositor.drawAffine`), for
/// `SpanFill`: a colour fills its rect, a rounded rect (`cornerRadius` with a background
/// colour) its rounded rectangle, and a border the ring between its rounded rectangle and the
/// one inset by the border width, whose radii are the outer ones less the width, never below
/// 0 (both fitted to their rectangles, `CornerRadii.fitted`). Apple documents no clamp for a
/// radius beyond half a side
/// (https://developer.apple.com/documentation/quartzcore/calayer/cornerradius; Apple's answer
/// on such radii with `maskedCorners` is "don't":
/// https://developer.apple.com/forums/thread/734901): they are scaled down by one factor until
/// adjacent corners fit, as CSS does, the rule cairo is given too.
struct SpanRounded {
    /// The filled shape, or the ring's outer edge (zero radii: square corners).
    let outer: RoundedRect
    /// The ring's inner edge, a hole; nil for a filled shape or a ring whose width fills it.
    let inner: RoundedRect?
    /// Edges of `outer` drawn hard: the quad's aliased edges, where it is a plain colour or a
    /// square ring (cairo fills rounded shapes antialiased whatever the layer's mask).
    let aliased: QuadEdges
    let color: PremultipliedColor

    /// nil for materials that are not solid.
    init?(_ q: ResolvedQuad) {
        let rect = q.rect
        switch q.material {
        case .solidColor(let c):
            (outer, inner, aliased, color) = (RoundedRect(rect: rect), nil, q.aliasedEdges, c)
        case .roundedRect(let radii, let c):
            (outer, inner, aliased, color) = (RoundedRect(rect: rect, radii: radii), nil, [], c)
        case .border(let width, let radii, let c):
            let fitted = radii.fitted(width: Double(rect.width), height: Double(rect.height))
            let r = rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
            outer = RoundedRect(rect: rect, radii: fitted)
            inner = !r.isNull && r.width > 0 && r.height > 0 ? RoundedRect(rect: r, radii: fitted.inset(by: width)) : nil
            aliased = fitted.isZero ? q.aliasedEdges : []
            color = c
        default:
            return nil
        }
    }
}
