import CoreGraphics
import CoreText

/// Laid-out text drawn by the backend at device resolution (DESIGN.md §4's text material, "a
/// glyph run"). Shaping and layout stay in CoreText (pango/harfbuzz): the material carries a
/// `TextBlock` (CoreText lines placed in a box), whose glyphs the backend draws under the
/// quad's transform, so text is crisp at any scale and vector in PDF contexts.
///
/// Placement: the block's top-left corner is at `origin` (local space), lines going towards +y
/// of local space (y down; a builder for a y-up layer puts a flip in the quad's transform, as
/// it does for contents). The quad's `rect` cuts what is drawn. Blocks compare by identity
/// (they are immutable and kept by `TextLayoutCache`), so damage costs one pointer comparison.
package struct TextMaterial: Equatable, Sendable {
    package var block: TextBlock
    /// Every run's colour (a plain string's `foregroundColor`), or nil for each run's own
    /// (an attributed string's).
    package var color: PremultipliedColor?
    /// Multiplies the red, green and blue of every colour drawn, the runs' own included (a
    /// replicator instance's colour); nil for none.
    package var tint: PremultipliedColor?
    /// Where the block's top-left corner is, in local space.
    package var origin: CGPoint

    package init(block: TextBlock, color: PremultipliedColor?, origin: CGPoint = .zero) {
        self.block = block; self.color = color; self.origin = origin
    }

    package static func == (a: TextMaterial, b: TextMaterial) -> Bool {
        a.block === b.block && a.color == b.color && a.tint == b.tint && a.origin == b.origin
    }

    /// A quad drawing `material` where its ink can be (grown by two units for antialiasing and
    /// outlines) within `clip`, or nil when nothing would show.
    package static func quad(_ material: TextMaterial, clip: CGRect = .infinite,
                             state: SharedQuadState = SharedQuadState()) -> DrawQuad? {
        let ink = material.block.inkBounds
        guard !ink.isNull, !ink.isEmpty else { return nil }
        let box = ink.offsetBy(dx: material.origin.x, dy: material.origin.y).insetBy(dx: -2, dy: -2).intersection(clip)
        guard !box.isNull, box.width > 0, box.height > 0, box.isFiniteValue else { return nil }
        return DrawQuad(rect: box, material: .text(material), state: state)
    }
}
