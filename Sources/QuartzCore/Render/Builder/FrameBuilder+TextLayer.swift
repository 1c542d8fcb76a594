import Foundation
import CoreText

/// `CATextLayer`'s render side: its text, laid out by CoreText (`TextLayerLayout`, kept in
/// `TextLayoutCache`), as one text quad between the layer's contents and its sublayers, cut to
/// the bounds. The backend draws the glyphs at device resolution (DESIGN.md §4's text
/// material), so text is sharp at any `contentsScale` and scale. The first line is at the top
/// of the bounds as the layer is seen: in an unflipped (y-up) layer the quad is turned over
/// about the bounds' middle, as contents images are. Shadows, masks, transitions and
/// `render(in:)` draw the body through this hook, so they follow the text.
struct TextLayerRenderer: LayerRenderer {
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        let st = layer.state, t = st.text, b = st.bounds
        guard let string = t.string, b.width > 0, b.height > 0, b.isFiniteValue,
              b.width < 1e7, b.height < 1e7 else { return }
        var key = TextLayerLayout(string: string, font: t.font ?? .helvetica, fontSize: t.fontSize,
                                  wrapped: t.isWrapped, truncation: t.truncationMode,
                                  alignment: t.alignmentMode, size: b.size)
        var color: PremultipliedColor?
        if case .plain = string {
            // A plain string is drawn in the layer's font, size and colour.
            guard t.fontSize > 0, t.fontSize.isFinite, let fg = t.foregroundColor,
                  let c = builder.premultiplied(fg) else { return }
            color = c
        } else {
            // An attributed string's own attributes decide: the layer's font and size do not
            // change its layout, so they are left out of the key.
            key.font = .helvetica; key.fontSize = 0
        }
        let block = TextLayoutCache.shared.block(for: key)
        let material = TextMaterial(block: block, color: color, origin: b.origin)
        guard let quad = TextMaterial.quad(material, clip: b, state: layer.flipped ? state : state.flippedVertically(aboutY: b.midY))
        else { return }
        quads.append(quad)
    }
}
