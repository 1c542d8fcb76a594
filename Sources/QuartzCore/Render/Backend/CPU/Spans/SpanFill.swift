import CoreGraphics

/// A solid colour quad, or a border ring with square corners, prepared for the span loops
/// (`SpanFill+Draw`): the quad's outline, the ring's inner edge (a hole whose coverage is
/// subtracted: the ring is the outer quad less the inner one, nested), and the colour as cairo
/// would paint it. Rounded rectangles, rounded rings, rounded clips and the blend modes the span
/// loops leave to cairo (`BlendMode.spanDrawable`) keep the cairo path.
struct SpanFill {
    let outline: SpanOutline
    /// The ring's inner edge (always antialiased, as cairo's even-odd fill draws it); nil for a
    /// filled quad or a ring whose width fills it.
    let hole: SpanOutline?
    /// Premultiplied ARGB32, the quad's opacity included.
    let color: UInt32
    /// The same colour as cairo hands it to pixman (`cairoShorts`), for `SpanBlend+Fill`.
    let cairoShorts: SIMD4<UInt16>
    /// OVER, or a mode drawn by `SpanBlend+Fill`.
    let blendMode: BlendMode

    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        guard q.blendMode.spanDrawable, q.roundedClip == nil, let m = q.transform.affine,
              let area = SpanOutline.area(q, drawable: drawable) else { return nil }
        let premultiplied: PremultipliedColor
        var hole: SpanOutline?
        switch q.material {
        case .solidColor(let c):
            premultiplied = c
        case .border(let width, let radii, let c):
            guard radii.fitted(width: Double(q.rect.width), height: Double(q.rect.height)).isZero else { return nil }
            premultiplied = c
            let inner = q.rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
            if !inner.isNull, inner.width > 0, inner.height > 0 {
                guard let h = SpanOutline(inner, m, aliased: [], area: area) else { return nil }
                hole = h
            }
        default:
            return nil
        }
        guard let outline = SpanOutline(q.rect, m, aliased: q.aliasedEdges, area: area) else { return nil }
        self.outline = outline
        self.hole = hole
        blendMode = q.blendMode
        color = Self.cairoColor(premultiplied, opacity: q.opacity)
        cairoShorts = Self.cairoShorts(premultiplied, opacity: q.opacity)
    }

    /// The colour cairo paints for `color` at `opacity`: the high byte of each channel of the
    /// 16-bit colour it hands pixman (`cairoShorts`; pixman's solid fill).
    static func cairoColor(_ color: PremultipliedColor, opacity: Double) -> UInt32 {
        let c = SIMD4<UInt32>(truncatingIfNeeded: cairoShorts(color, opacity: opacity) &>> 8)
        return c[3] << 24 | c[2] << 16 | c[1] << 8 | c[0]
    }
}
