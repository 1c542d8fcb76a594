import Foundation

/// The axes a scroll layer may scroll along: Apple's `CAScrollLayerScrollMode`
/// (https://developer.apple.com/documentation/quartzcore/cascrolllayerscrollmode), with the raw
/// strings of Apple's `kCAScroll…` constants, so CAML and KVC strings match.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Not scrollable.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Scrolls along y only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Scrolls along x only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Scrolls along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    /// Whether x (`horizontal`) or y may change; an unknown raw value scrolls along neither.
    var allows: (x: Bool, y: Bool) {
        switch self {
        case .both: (true, true)
        case .horizontally: (true, false)
        case .vertically: (false, true)
        default: (false, false)
        }
    }
}

/// A layer that shows part of content larger than its bounds: Apple's `CAScrollLayer`
/// (https://developer.apple.com/documentation/quartzcore/cascrolllayer).
///
/// Scrolling moves `bounds.origin` (points, the layer's own bounds space), so the sublayers,
/// laid out in that space, slide under the layer's fixed frame; set `masksToBounds` to clip
/// them to it, as on Apple. The layer has no event handling and draws no scrollers.
/// `bounds` changes through `scroll(to:)` animate implicitly like any `bounds` change.
open class CAScrollLayer: CALayer {
    override class var propertyTable: PropertyTable { .scrollLayer }

    /// The axes along which `scroll(to:)` may move the origin. Default `.both`.
    /// (https://developer.apple.com/documentation/quartzcore/cascrolllayer/scrollmode)
    open var scrollMode: CAScrollLayerScrollMode {
        get { state.scroll.scrollMode }
        set { set(.scrollMode, \.scroll.scrollMode, newValue) }
    }

    /// Makes `p` (points, bounds space) the bounds' origin, along the axes `scrollMode` allows;
    /// a non-finite coordinate is ignored and reported.
    /// (https://developer.apple.com/documentation/quartzcore/cascrolllayer/scroll(to:)-37q0p)
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return rejectNonFinite("scroll(to:)", p) }
        let (ax, ay) = scrollMode.allows
        var b = bounds
        if ax { b.origin.x = p.x }
        if ay { b.origin.y = p.y }
        if b.origin != bounds.origin { bounds = b }
    }

    /// Scrolls the least distance that makes `r` (points, bounds space) visible, along the axes
    /// `scrollMode` allows: an edge of `r` outside the bounds is brought to the bounds' edge;
    /// when `r` is larger than the bounds along an axis, its minimum edge is shown.
    /// (https://developer.apple.com/documentation/quartzcore/cascrolllayer/scroll(to:)-782vd)
    open func scroll(to r: CGRect) {
        guard !r.isNull, r.isFiniteValue else { return rejectNonFinite("scroll(to:)", r) }
        let b = bounds
        scroll(to: CGPoint(x: Self.scrolledOrigin(b.minX, b.width, r.minX, r.maxX),
                           y: Self.scrolledOrigin(b.minY, b.height, r.minY, r.maxY)))
    }

    /// The origin along one axis that shows [lo, hi] in a window of `size` now at `origin`.
    static func scrolledOrigin(_ origin: CGFloat, _ size: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
        if lo < origin || hi - lo > size { return lo }
        if hi > origin + size { return hi - size }
        return origin
    }
}
