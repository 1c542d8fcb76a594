import CoreGraphics

/// A solid colour quad, rounded rect or border ring (`SpanRounded`), under its rounded clip if
/// it has one, prepared for the span loops (`SpanFill+Draw`, `SpanBlend+Fill`): the outline of
/// its rect (cut to the clip's), the ring's inner edge (a hole whose coverage is subtracted: the
/// ring is the outer shape less the inner one, nested), the round corners of each
/// (`SpanCorners`: the shape's own and the clip's), and the colour as cairo would paint it.
/// The blend modes the span loops leave to cairo (`BlendMode.spanDrawable`) keep the cairo path.
struct SpanFill {
    let outline: SpanOutline
    /// The round corners of the filled shape and of the clip; nil when all are square.
    let corners: SpanCorners?
    /// The ring's inner edge (always antialiased, as cairo's even-odd fill draws it), within the
    /// clip's rect; nil for a filled shape or a ring whose width fills it.
    let hole: SpanOutline?
    /// The hole's round corners and the clip's (the hole is the inner shape within the clip).
    let holeCorners: SpanCorners?
    /// Premultiplied ARGB32, the quad's opacity included.
    let color: UInt32
    /// The same colour as cairo hands it to pixman (`cairoShorts`), for `SpanBlend+Fill`.
    let cairoShorts: SIMD4<UInt16>
    /// OVER, or a mode drawn by `SpanBlend+Fill`.
    let blendMode: BlendMode

    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        guard q.blendMode.spanDrawable, let m = q.transform.affine,
              let area = SpanOutline.area(q, drawable: drawable), let shapes = SpanRounded(q) else { return nil }
        var filled = q
        filled.aliasedEdges = shapes.aliased
        guard let cut = SpanQuad.shape(filled),
              let outline = SpanOutline(cut.rect, m, aliased: cut.hard, alsoSoft: cut.both, area: area) else { return nil }
        var hole: SpanOutline?, holeCorners: SpanCorners?
        if let inner = shapes.inner {
            let r = q.roundedClip.map { inner.rect.intersection($0.rect.standardized) } ?? inner.rect
            if !r.isNull, r.width > 0, r.height > 0 {
                guard let h = SpanOutline(r, m, aliased: [], area: area) else { return nil }
                hole = h
                holeCorners = SpanCorners(inner, q.roundedClip, local: r, m)
            }
        }
        let corners = SpanCorners(shapes.outer, q.roundedClip, local: cut.sampled, m)
        guard corners?.isCompact ?? true, holeCorners?.isCompact ?? true else { return nil }
        self.outline = outline
        self.corners = corners
        self.hole = hole
        self.holeCorners = holeCorners
        blendMode = q.blendMode
        color = Self.cairoColor(shapes.color, opacity: q.opacity)
        cairoShorts = Self.cairoShorts(shapes.color, opacity: q.opacity)
    }

    /// The colour cairo paints for `color` at `opacity`: the high byte of each channel of the
    /// 16-bit colour it hands pixman (`cairoShorts`; pixman's solid fill).
    static func cairoColor(_ color: PremultipliedColor, opacity: Double) -> UInt32 {
        let c = SIMD4<UInt32>(truncatingIfNeeded: cairoShorts(color, opacity: opacity) &>> 8)
        return c[3] << 24 | c[2] << 16 | c[1] << 8 | c[0]
    }
}
