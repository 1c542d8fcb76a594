/// What a layer's `contents` holds, by kind, so that `LayerState` holds no existential and a
/// state copy (each commit, snapshot, presentation copy and tick makes one) is plain stores and
/// at most one retain, with no value-witness call for an unknown type.
///
/// Apple's `contents` is "typically a CGImage"; other objects are accepted and not drawn
/// (https://developer.apple.com/documentation/quartzcore/calayer/contents). What `display()`
/// draws is the layer's backing store, kept beside the state (`CALayer.backingStore`,
/// `LayerSnapshot.backingStore`), not here.
enum LayerContents {
    case none
    case image(CGImage)
    /// Any other object, boxed once when set.
    case other(OtherContents)

    init(_ value: Any?) {
        switch value {
        case nil: self = .none
        case let image as CGImage: self = .image(image)
        case let v?: self = .other(OtherContents(v))
        }
    }

    /// The value as set (`CALayer.contents`).
    var value: Any? {
        switch self {
        case .none: nil
        case .image(let i): i
        case .other(let o): o.value
        }
    }

    /// The image to draw, if the contents are one.
    var image: CGImage? {
        if case .image(let i) = self { return i }
        return nil
    }
}

/// A `contents` value that is not an image.
final class OtherContents: @unchecked Sendable {
    // @unchecked: immutable; the value is only read (and never drawn).
    let value: Any
    init(_ value: Any) { self.value = value }
}
