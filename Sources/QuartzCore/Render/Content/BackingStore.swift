/// The bitmap a layer drew through `draw(in:)`: bounds × contentsScale pixels, premultiplied
/// ARGB32, reference-counted (a `TextureResource`) with a generation number that grows with
/// each redraw, so caches key on (id, generation).
///
/// The bitmap covers `bounds` exactly; `firstRowAtMinY` says which edge its first row is:
/// `bounds.minY` when the drawing context was y-flipped (`contentsAreFlipped()`), else `maxY`.
final class BackingStore: @unchecked Sendable {
    let texture: TextureResource
    /// The bounds the store was drawn for, in points.
    let bounds: CGRect
    /// Pixels per point.
    let scale: CGFloat
    let firstRowAtMinY: Bool

    init(texture: TextureResource, bounds: CGRect, scale: CGFloat, firstRowAtMinY: Bool) {
        self.texture = texture; self.bounds = bounds; self.scale = scale; self.firstRowAtMinY = firstRowAtMinY
    }

    /// The largest backing store drawn, in pixels (bigger layers are drawn at a lower scale, so
    /// a huge layer never allocates without bound).
    static let maximumPixels = 4096 * 4096
}
