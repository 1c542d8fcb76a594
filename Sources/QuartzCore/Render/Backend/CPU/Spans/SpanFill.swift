import CoreGraphics

/// A solid colour quad, or a border ring with square corners, prepared for the span loops
/// (`SpanFill+Draw`): the quad's outline, the ring's inner edge (a hole whose coverage is
/// subtracted: the ring is the outer quad less the inner one, nested), and the colour as cairo
/// would paint it. Rounded rectangles, rounded rings, rounded clips and other blend modes keep
/// the cairo path.
struct SpanFill {
    let outline: SpanOutline
    /// The ring's inner edge (always antialiased, as cairo's even-odd fill draws it); nil for a
    /// filled quad or a ring whose width fills it.
    let hole: SpanOutline?
    /// Premultiplied ARGB32, the quad's opacity included.
    let color: UInt32

    init?(_ q: ResolvedQuad, drawable: PixelRect) {
        guard q.blendMode == .sourceOver, q.roundedClip == nil, let m = q.transform.affine,
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
        color = Self.cairoColor(premultiplied, opacity: q.opacity)
    }

    /// The colour cairo paints for `color` at `opacity` (`cairoSetColor`): straight channels
    /// and alpha × opacity limited to 0…1, premultiplied in double, to 16 bits rounded, then
    /// the high byte (pixman's solid fill).
    static func cairoColor(_ color: PremultipliedColor, opacity: Double) -> UInt32 {
        let s = color.straight
        let a = min(max(s.a * opacity, 0), 1)
        func byte(_ v: Double) -> UInt32 { UInt32(UInt16(v * 65535 + 0.5) >> 8) }
        return byte(a) << 24 | byte(s.r * a) << 16 | byte(s.g * a) << 8 | byte(s.b * a)
    }
}
