import CoreGraphics

/// A paragraph of text drawn by the backend at device resolution (DESIGN.md §4's text
/// material). Shaping stays in pango/harfbuzz: the material carries the `TextLayout` (string,
/// font family and em size, wrapping, alignment, truncation, spacing), which the backend lays
/// out and draws glyph outlines from under the quad's transform, so text is crisp at any scale.
///
/// Placement: the layout's top-left corner is at `origin` (local space), lines going
/// towards +y of local space (pango's y-down; a builder for a y-up layer puts a flip in the
/// quad's transform, as it does for contents). `rect` bounds what is drawn (ink outside it is
/// cut); `TextMaterial.quad` sizes it to the layout's logical box grown by the font size on
/// every side, which holds ordinary ink overhangs.
package struct TextMaterial: Equatable, Sendable {
    package var layout: TextLayout
    package var color: PremultipliedColor
    /// Where the layout's top-left corner is, in local space.
    package var origin: CGPoint

    package init(layout: TextLayout, color: PremultipliedColor, origin: CGPoint = .zero) {
        self.layout = layout; self.color = color; self.origin = origin
    }

    /// A quad drawing `material` within its logical box grown by the font size.
    package static func quad(_ material: TextMaterial, state: SharedQuadState = SharedQuadState()) -> DrawQuad {
        let size = material.layout.measure().size
        let m = material.layout.fontSize.isFinite ? max(material.layout.fontSize, 0) : 0
        let o = material.origin
        let box = CGRect(x: o.x - m, y: o.y - m, width: size.width + 2 * m, height: size.height + 2 * m)
        return DrawQuad(rect: box, material: .text(material), state: state)
    }
}
