import Foundation

// CAScrollLayer's one property, defined once (ID 176; tiled and scroll layers use 176..<192):
// typed storage with Apple's default and its table row
// (https://developer.apple.com/documentation/quartzcore/cascrolllayer/scrollmode).

extension PropertyID {
    static let scrollMode = PropertyID(176)
}

/// A `CAScrollLayer`'s own properties, with Apple's defaults.
struct ScrollLayerState: LayerClassState {
    var scrollMode = CAScrollLayerScrollMode.both
}

extension LayerState {
    /// A `CAScrollLayer`'s own properties (defaults for other layers).
    var scroll: ScrollLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(ScrollLayerState.self).value }
    }
}

extension PropertyTable {
    /// CAScrollLayer's table: CALayer's rows and `scrollMode`; drawn as a plain layer.
    static let scrollLayer = PropertyTable(extending: .layer, with: [
        PropertyDescriptor(.scrollMode, "scrollMode", .rawString,
                           layer: \CAScrollLayer.scrollMode, state: \.scroll.scrollMode),
    ])
}
